import { useMemo } from 'react';
import { useLookups, type PartyEntity, type PartyUnit, type SelectOption } from 'shared-ui';

/** What the charge and journal editors pick from: parties, units, active accounts and the business. */
export interface LedgerLookups {
  entities: PartyEntity[];
  units: PartyUnit[];
  accounts: SelectOption[];
  business: { name?: string | null } | undefined;
}

/** The ledger lookups from the shared lookups, accounts as 'ID - Description' options. */
export function useLedgerLookups(): LedgerLookups {
  const lookups = useLookups().data;
  return useMemo(() => ({
    entities: (lookups?.entity ?? []) as unknown as PartyEntity[],
    units: (lookups?.unit ?? []) as unknown as PartyUnit[],
    accounts: (lookups?.account ?? [])
      .filter((a) => !a.inactive)
      .map((a) => ({ value: String(a.id), label: a.description ? `${String(a.id)} - ${String(a.description)}` : String(a.id) })),
    business: lookups?.business as { name?: string | null } | undefined,
  }), [lookups]);
}
