import { useQuery } from '@tanstack/react-query';
import type { Permissions } from 'api/contracts/permissions';
import { api, type RequestOptions } from './api.js';

/** The control record read at startup (spec 1 §3.3); the settings record adds more fields. */
export interface Control {
  today: string;
  current_month: number;
  current_year: number;
  month_year_startcase: string;
  db_name: string;
  company_name?: string;
  monthend_lock_uuid: string | null;
  sync_frequency: number;
  ledger_first_date: string | null;
  ledger_last_date: string | null;
  last_reconcile_date: string | null;
  bank_balance: number;
  equal_distribution_variance: number;
  [setting: string]: unknown;
}

/** Lookup lists held after startup (spec 1 §3.4). */
export interface Lookups {
  account: Record<string, unknown>[];
  business: Record<string, unknown>;
  category: Record<string, unknown>[];
  entity: Record<string, unknown>[];
  unit: Record<string, unknown>[];
  unitType: Record<string, unknown>[];
  unitClass: Record<string, unknown>[];
  gstCode: Record<string, unknown>[];
  accountType: Record<string, unknown>[];
  bank: Record<string, unknown>[];
  cardType: Record<string, unknown>[];
  templates: Record<string, unknown>[];
  years: unknown[];
  months: unknown[];
  entityTypes: unknown[];
  statementFormats: unknown[];
  userKey: string;
  sync: boolean;
  [list: string]: unknown;
}

export interface CurrentUser {
  id: number | string;
  code: string;
  name: string;
  email: string;
  usertype: string;
  database: string;
  expiry: string | null;
  days_to_expiry: number | null;
  desktopRows: number;
  mobileRows: number;
  is_super: boolean;
  god_level: number | boolean;
  permissions: Permissions;
}

/** Query keys of the startup data in the shared QueryClient; remotes read them through the hooks. */
export const startupKeys = {
  control: ['startup', 'control'] as const,
  lookups: ['startup', 'lookups'] as const,
  user: ['startup', 'user'] as const,
};

export const fetchControl = (options?: RequestOptions) => api.get<{ data: Control }>('/api/control', options).then((r) => r.data);
export const fetchLookups = (options?: RequestOptions) => api.post<{ data: Lookups }>('/api/lookup', { lists: 'ALL' }, options).then((r) => r.data);
export const fetchCurrentUser = (options?: RequestOptions) => api.get<{ data: CurrentUser[] }>('/api/auth', options).then((r) => r.data[0]);

/** Data the shell loaded at startup; these never refetch on their own (the shell refreshes them). */
const startupQuery = { staleTime: Infinity } as const;
export const useControl = () => useQuery({ queryKey: startupKeys.control, queryFn: () => fetchControl(), ...startupQuery });
export const useLookups = () => useQuery({ queryKey: startupKeys.lookups, queryFn: () => fetchLookups(), ...startupQuery });
export const useCurrentUser = () => useQuery({ queryKey: startupKeys.user, queryFn: () => fetchCurrentUser(), ...startupQuery });

/** Start-up data read only as the shell cached it: a screen that needs it never fetches it again. */
export const startupCacheOnly = { enabled: false, staleTime: Infinity } as const;

/** The accounting month: the prop, else the control record's current month, else today's. */
export function useCurrentMonth(override?: { month: number; year: number }): { month: number; year: number } {
  const control = useQuery({ queryKey: startupKeys.control, queryFn: fetchControl, ...startupCacheOnly });
  if (override) return override;
  if (control.data?.current_month && control.data.current_year) return { month: control.data.current_month, year: control.data.current_year };
  const today = new Date();
  return { month: today.getMonth() + 1, year: today.getFullYear() };
}
