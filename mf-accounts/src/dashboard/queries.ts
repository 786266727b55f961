import { useQuery } from '@tanstack/react-query';
import type { Health } from 'api/contracts/dashboard';
import type { BusinessSummary, EqualityRow, RevenueChart, ThreeWayBalance } from 'api/contracts/balances';
import { api } from 'shared-ui/core';

/** The dashboard's reads (spec 2 §7 'Dashboard'), each cached under its own key. */

export const useHealth = () =>
  useQuery({ queryKey: ['dashboard', 'health'], queryFn: () => api.get<{ data: Health }>('/api/control/health').then((r) => r.data) });

export const useThreeWayBalance = () =>
  useQuery({ queryKey: ['dashboard', '3waybalance'], queryFn: () => api.get<{ data: ThreeWayBalance }>('/api/control/3waybalance').then((r) => r.data) });

export const useRevenueChart = () =>
  useQuery({ queryKey: ['dashboard', 'revenuechart'], queryFn: () => api.get<{ data: RevenueChart }>('/api/control/revenuechart').then((r) => r.data) });

/** The business ledger for the current month (the business card and the middle column share it). */
export const useCurrentBusinessSummary = () =>
  useQuery({
    queryKey: ['dashboard', 'business-summary'],
    queryFn: () => api.get<{ data: BusinessSummary }>('/api/ledger/business/summary/', { query: { period: 'current' } }).then((r) => r.data),
  });

export interface Equality {
  rows: EqualityRow[];
  range: { from: string; to: string; variance: number };
}

export const useEquality = (period: string) =>
  useQuery({
    queryKey: ['dashboard', 'equality', period],
    // Keep the last period's chart (and the period picker) on screen while another loads.
    placeholderData: (previous) => previous,
    queryFn: () => api.get<{ data: EqualityRow[]; range: Equality['range'] }>(`/api/control/equality/${encodeURIComponent(period)}`).then((r): Equality => ({ rows: r.data, range: r.range })),
  });
