import type { DocColumn } from '../documents/table.js';

/**
 * The column sets the Accounts reports share (api/src/reports/accounts): who a line is about
 * (Type, Code, Name, Category) and how its money moved (Opening, the movements, Closing), written
 * once so the reports cannot drift apart in headers, kinds or totals. Each report still chooses
 * which columns it shows and their widths (relative, of 100 on the page).
 */

export interface PartyFields {
  type: string;
  code: string;
  name: string;
  category?: string | null;
}

type PartyColumn = keyof PartyFields;

const PARTY_COLUMNS: Record<PartyColumn, Pick<DocColumn<PartyFields>, 'header' | 'value'>> = {
  type: { header: 'Type', value: (r) => r.type },
  code: { header: 'Code', value: (r) => r.code },
  name: { header: 'Name', value: (r) => r.name },
  category: { header: 'Category', value: (r) => r.category ?? '' },
};

/** The party columns named in `widths`, always in the order Type, Code, Name, Category. */
export function partyColumns<R extends Partial<PartyFields>>(widths: Partial<Record<PartyColumn, number>>): DocColumn<R>[] {
  return (Object.keys(PARTY_COLUMNS) as PartyColumn[])
    .filter((key) => widths[key] !== undefined)
    .map((key) => ({ ...(PARTY_COLUMNS[key] as unknown as Pick<DocColumn<R>, 'header' | 'value'>), width: widths[key] }));
}

/** A money column in cents, totalled on the totals row. */
export const moneyColumn = <R>(header: string, value: (row: R) => number, width: number): DocColumn<R> => ({ header, kind: 'money', value, width, total: true });

export interface BalanceFields {
  opening: number;
  closing: number;
}

/**
 * Opening, the movements between (in the order given) and Closing, every one a totalled money
 * column of the same width: opening + movements = closing reads across the line.
 */
export function balanceColumns<R extends BalanceFields>(width: number, movements: readonly (readonly [header: string, value: (row: R) => number])[]): DocColumn<R>[] {
  return [
    moneyColumn<R>('Opening', (r) => r.opening, width),
    ...movements.map(([header, value]) => moneyColumn(header, value, width)),
    moneyColumn<R>('Closing', (r) => r.closing, width),
  ];
}

/** The movements of a ledger: money in and money out (Account Summary, Statements). */
export const moneyInOut = <R extends { in: number; out: number }>() =>
  [['Money in', (r: R) => r.in], ['Money out', (r: R) => r.out]] as const;
