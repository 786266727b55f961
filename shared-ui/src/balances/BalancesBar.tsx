import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { api, toCents } from 'shared-ui/core';
import { balancesBarText, balancesBarTone, type BalancesBarFigures } from './rules.js';

const INTENT = { danger: 'error', warning: 'warning', success: 'success' } as const;

/** The balances summary bar (spec 2 §2 'Other dialogs') for figures already in cents. */
export function BalancesBar({ figures }: { figures: BalancesBarFigures }) {
  const tone = balancesBarTone(figures);
  return (
    <MessageBar intent={INTENT[tone]} data-testid="balances-bar" data-tone={tone}>
      <MessageBarBody>{balancesBarText(figures)}</MessageBarBody>
    </MessageBar>
  );
}

interface EntityBalanceDollars {
  ledger: number;
  balance: number;
  charge: number;
}

/** A party's (and optionally one door's) position from GET /api/entity/balance/{code}, in cents. */
export function useEntityBalance(code: string | null | undefined, door?: string | null) {
  return useQuery({
    queryKey: ['entity-balance', code, door ?? null],
    enabled: Boolean(code),
    queryFn: async (): Promise<BalancesBarFigures> => {
      const res = await api.get<{ data: EntityBalanceDollars }>(`/api/entity/balance/${encodeURIComponent(String(code))}`, { query: { door: door ?? undefined } });
      return { ledger: toCents(res.data.ledger), charge: toCents(res.data.charge), balance: toCents(res.data.balance) };
    },
  });
}

/** The balances bar for a party, read from the server; nothing until a party is chosen. */
export function EntityBalancesBar({ code, door }: { code: string | null | undefined; door?: string | null }) {
  const balance = useEntityBalance(code, door);
  if (!code) return null;
  if (!balance.data) return <Spinner size="tiny" label="Reading balance" />;
  return <BalancesBar figures={balance.data} />;
}
