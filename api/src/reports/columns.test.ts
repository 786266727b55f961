import { describe, expect, it } from 'vitest';
import { balanceColumns, moneyColumn, moneyInOut, partyColumns } from './columns.js';

type Row = { type: string; code: string; name: string; category: string | null; opening: number; in: number; out: number; closing: number };
const row: Row = { type: 'OWNER', code: 'OWNSMITH', name: 'J Smith', category: null, opening: 100, in: 50, out: 20, closing: 130 };
const shape = (columns: { header: string; kind?: string; width?: number; total?: boolean }[]) => columns.map(({ header, kind, width, total }) => ({ header, kind, width, total }));

/** The shared column sets give exactly the columns the Accounts reports wrote out by hand before. */
describe('report column sets', () => {
  it('party columns: the ones asked for, in the order Type, Code, Name, Category, text without totals', () => {
    const columns = partyColumns<Row>({ category: 16, name: 40, type: 14, code: 16 });
    expect(shape(columns)).toEqual([
      { header: 'Type', kind: undefined, width: 14, total: undefined },
      { header: 'Code', kind: undefined, width: 16, total: undefined },
      { header: 'Name', kind: undefined, width: 40, total: undefined },
      { header: 'Category', kind: undefined, width: 16, total: undefined },
    ]);
    expect(columns.map((c) => c.value(row))).toEqual(['OWNER', 'OWNSMITH', 'J Smith', '']);
    expect(partyColumns<Row>({ code: 12, name: 26 }).map((c) => c.header)).toEqual(['Code', 'Name']);
  });

  it('balance columns: Opening, the movements, Closing, each a totalled money column', () => {
    const columns = balanceColumns<Row>(14, moneyInOut<Row>());
    expect(shape(columns)).toEqual(['Opening', 'Money in', 'Money out', 'Closing'].map((header) => ({ header, kind: 'money', width: 14, total: true })));
    expect(columns.map((c) => c.value(row))).toEqual([100, 50, 20, 130]);
    expect(shape([moneyColumn<Row>('Balance', (r) => r.closing, 18)])).toEqual([{ header: 'Balance', kind: 'money', width: 18, total: true }]);
  });
});
