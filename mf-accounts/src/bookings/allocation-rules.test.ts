import { describe, expect, it } from 'vitest';
import { type EditRow, allDoorsBalance, allocationBody, asksBeforeChange, doorBalance, recalculatePercentFees } from './allocation-rules.js';

const row = (over: Partial<EditRow>): EditRow => ({ key: 'k1', id: '1', door: '101', type: 'ROOM', sub_type: 'OWNER', account_id: 'ROOMCHG', entity: 'OWNSMITH', description: 'Room', amount: 200, statement_percent_of_room_charge: null, ...over });
const rows = [
  row({}),
  row({ key: 'k2', id: '2', type: 'COMMISSION', sub_type: 'FEE', account_id: 'COMMISS', entity: 'BUSINESS', amount: 24, statement_percent_of_room_charge: 12 }),
  row({ key: 'k3', id: '3', type: 'CHARGE', sub_type: 'CHG', account_id: 'CLEAN', amount: 95 }),
];
const door = { door: '101', owner: 'OWNSMITH', available: 295, room_charge: 200, items: [] };

describe('Edit Allocation rules (spec 2 §4)', () => {
  it('balances a door when its OWNER and CHG rows take what is available, in cents', () => {
    expect(doorBalance(door, rows)).toEqual({ allocated: 29_500, available: 29_500, balanced: true });
    expect(doorBalance(door, [row({ amount: 0.1 }), row({ sub_type: 'CHG', amount: 0.2 })])).toMatchObject({ allocated: 30, balanced: false });
    expect(allDoorsBalance([door, { ...door, door: '201', available: 10 }], rows)).toBe(false);
    expect(allDoorsBalance([door], rows)).toBe(true);
  });

  it('asks before a non-FEE change when the door has percentage fees, and recalculates them on the new gross', () => {
    expect(asksBeforeChange(rows[0]!, rows)).toBe(true);
    expect(asksBeforeChange(rows[1]!, rows)).toBe(false);
    expect(asksBeforeChange(rows[0]!, [rows[0]!, rows[2]!])).toBe(false);
    const changed = recalculatePercentFees(rows.map((r) => (r.key === 'k1' ? { ...r, amount: 150.05 } : r)), '101', {});
    expect(changed.map((r) => r.amount)).toEqual([150.05, 18.01, 95]);
  });

  it('recomputes the GST line after each fee and commission by distribution\'s rule, on its own account\'s rate', () => {
    // As distribution writes a door: room, a 2% fee and its GST, commission 12% and its GST, a value fee and its GST, a cleaning charge.
    const withGst = [
      row({}),
      row({ key: 'k2', id: '2', type: 'FEE', sub_type: 'FEE', account_id: 'ADVERT', entity: 'BUSINESS', amount: 4, statement_percent_of_room_charge: 2 }),
      row({ key: 'k3', id: '3', type: 'GST', sub_type: 'FEE', account_id: 'ADVERT', entity: 'BUSINESS', description: 'GST on Advertising levy', amount: 0.4 }),
      row({ key: 'k4', id: '4', type: 'COMMISSION', sub_type: 'FEE', account_id: 'COMMISS', entity: 'BUSINESS', amount: 24, statement_percent_of_room_charge: 12 }),
      row({ key: 'k5', id: '5', type: 'GST', sub_type: 'FEE', account_id: 'COMMISS', entity: 'BUSINESS', description: 'GST on Letting commission', amount: 2.4 }),
      row({ key: 'k6', id: '6', type: 'FEE', sub_type: 'DED', account_id: 'LINEN', entity: 'SUPLINEN', amount: 15 }),
      row({ key: 'k7', id: '7', type: 'GST', sub_type: 'DED', account_id: 'LINEN', entity: 'SUPLINEN', amount: 1.5 }),
      row({ key: 'k8', id: '8', type: 'CHARGE', sub_type: 'CHG', account_id: 'CLEAN', amount: 95 }),
    ];
    const rates = { ADVERT: 10, COMMISS: 10, LINEN: 15 };
    const changed = recalculatePercentFees(withGst.map((r) => (r.key === 'k1' ? { ...r, amount: 150.05 } : r)), '101', rates);
    // 2% of $150.05 = $3.00 (GST $0.30); commission 12% of $147.05 (the gross less the fee before it) = $17.65,
    // GST 10% $1.765 → $1.77; the value fee after the commission stays $15 and its GST is 15% of it.
    expect(changed.map((r) => r.amount)).toEqual([150.05, 3, 0.3, 17.65, 1.77, 15, 2.25, 95]);
    // Recalculating distribution's own allocation changes nothing (api/src/bookings/manual-allocation.test.ts: room $200,
    // ADV LEVY 2% $4 and GST $0.40, commission 12% of $196 $23.52 and GST $2.35).
    const distributed = withGst.filter((r) => ['k1', 'k2', 'k3', 'k4', 'k5', 'k8'].includes(r.key)).map((r) => ({ ...r, amount: ({ k1: 200, k2: 4, k3: 0.4, k4: 23.52, k5: 2.35, k8: 95 } as Record<string, number>)[r.key]! }));
    expect(recalculatePercentFees(distributed, '101', rates)).toEqual(distributed);
    // A GST-free account (no rate) has no GST; another door is left alone.
    expect(recalculatePercentFees(withGst, '101', { ADVERT: 10, LINEN: 15 })[4]!.amount).toBe(0);
    expect(recalculatePercentFees(withGst, '201', rates)).toEqual(withGst);
  });

  it('sends every row without its screen key, and the deleted ids', () => {
    expect(allocationBody({ id: 'B1', ref: 'R1' }, [rows[0]!], ['3'])).toEqual({ bookID: 'B1', ref: 'R1', items: [{ ...rows[0], key: undefined }].map(({ key: _k, ...i }) => i), deleted: ['3'] });
  });
});
