import { useQuery } from '@tanstack/react-query';
import type { LedgerSummary, PeriodRef } from 'api/contracts/balances';
import { api } from 'shared-ui';
import { businessLines, type ChargeListRow } from './rules.js';

/** The business ledger's lines of a period, from the postings export (one read per period, shared by every expanded row). */
export const useBusinessLines = (period: PeriodRef | null) =>
  useQuery({
    queryKey: ['business-accounts', 'lines', period?.from, period?.to],
    enabled: Boolean(period),
    queryFn: async () => {
      const response = await api.get<Response>('/api/ledger/postings', { query: { from: period!.from, to: period!.to, format: 'csv' }, raw: true });
      return businessLines(await response.text());
    },
  });

/** Charges still pending at the end of the period. */
export const usePendingCharges = (period: PeriodRef | null) =>
  useQuery({
    queryKey: ['business-accounts', 'pending', period?.to],
    enabled: Boolean(period),
    queryFn: () => api.get<{ data: ChargeListRow[] }>('/api/charge/list', { query: { status: 'PENDING', to: period!.to, pageSize: 500 } }).then((r) => r.data),
  });

/** The business entity's ledger position over the period (opening and closing balance for its statement). */
export const useBusinessPosition = (period: PeriodRef | null) =>
  useQuery({
    queryKey: ['business-accounts', 'position', period?.year, period?.month],
    enabled: Boolean(period),
    queryFn: () =>
      api.get<{ data: LedgerSummary }>('/api/ledger/summary', { query: { type: 'BUSINESS', year: period!.year, month: period!.month } }).then((r) => r.data.rows.find((row) => row.code === 'BUSINESS') ?? null),
  });
