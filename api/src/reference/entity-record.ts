import type { EntityInput } from '../contracts/entity.js';
import { fromHundredths, toCents, toDollars, toHundredths } from '../money/cents.js';
import type { Reference } from './rules.js';

type Row = Record<string, unknown>;

/** Contract → entity row: holds and budget to cents, commission to hundredths. */
export function entityToRow(input: EntityInput): Row {
  return {
    ...input,
    hold_this_month: toCents(input.hold_this_month),
    hold_always: toCents(input.hold_always),
    budget: toCents(input.budget),
    commission: toHundredths(input.commission),
  };
}

/** Entity row → wire record (dollars and percent). Ledger figures are added by the ledger. */
export function entityToView(row: Row): Row {
  return {
    ...row,
    hold_this_month: toDollars(row.hold_this_month as string),
    hold_always: toDollars(row.hold_always as string),
    budget: toDollars(row.budget as string),
    commission: fromHundredths(row.commission as number),
  };
}

/** The codes an entity names that must exist. */
export const entityReferences = (row: Row): Reference[] => [
  { field: 'category', value: row.category, table: 'category', column: 'code', message: 'Category must be Selected' },
  { field: 'bank', value: row.bank, table: 'bank', column: 'id', message: `Bank ${String(row.bank)} does not exist` },
];
