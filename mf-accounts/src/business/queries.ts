import { useQuery } from '@tanstack/react-query';
import type { PeriodRef } from 'api/contracts/balances';
import { BUSINESS_ENTITY_CODE, type EntityPendingCharges } from 'api/contracts/entity';
import { api, useEntityStatement } from 'shared-ui';
import { periodRange } from './rules.js';

/** The business statement for the period: one read, shared by every expanded row and the statement button. */
export const useBusinessStatement = (period: PeriodRef) => useEntityStatement(BUSINESS_ENTITY_CODE, periodRange(period));

/** The charges the business receives on an account, pending as at the period's last day (the row's Pending column). */
export const useAccountPendingCharges = (account: string, period: PeriodRef) =>
  useQuery({
    queryKey: ['entity-pending', BUSINESS_ENTITY_CODE, account, period.to],
    queryFn: () =>
      api.get<{ data: EntityPendingCharges }>(`/api/entity/pending/${BUSINESS_ENTITY_CODE}`, { query: { account, at: period.to } }).then((r) => r.data.inward),
  });
