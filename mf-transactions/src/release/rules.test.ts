import { describe, expect, it } from 'vitest';
import { releaseContract, type ChargeToRelease, type ReleaseRow } from 'api/contracts/charges';
import {
  balanceCents, chargeSelectable, releaseColour, releasePayload, rowSelectable, rowTickState, selectedCents, selectionTotals, tickCharge, tickCharges, tickRows,
  type ReleaseSelection,
} from './rules.js';

const charge = (id: number, amount: number, entity = 'OWNSMITH'): ChargeToRelease => ({
  id, entity, date: '2026-03-05', ref: `CH${id}`, recipient: 'BUSINESS', door: '101', details: `Charge ${id}`, amount, _selectable: true,
});

/** A row as GET /api/charge/release answers it (dollars). */
const row = (entity: string, funds: number, amounts: number[], firstId = 1): ReleaseRow => {
  const items = amounts.map((a, i) => charge(firstId + i, a, entity));
  const cents = amounts.reduce((s, a) => s + Math.round(a * 100), 0);
  return {
    entity, name: entity, type: 'OWNER', funds, charges: cents / 100, available: (Math.round(funds * 100) - cents) / 100, selected: 0, balance: funds,
    min_charge: Math.min(...amounts), _selectable: true, _colour: 'green', items,
  };
};

const none: ReleaseSelection = new Map();

describe('release row colours (spec 2 §4)', () => {
  it('is green when funds cover the charges, lighter green when they cover the smallest, grey below that', () => {
    expect(releaseColour(row('A', 100, [60, 40]))).toBe('green');
    expect(releaseColour(row('A', 99.99, [60, 40]))).toBe('lightgreen');
    expect(releaseColour(row('A', 40, [60, 40]))).toBe('lightgreen');
    expect(releaseColour(row('A', 39.99, [60, 40]))).toBe('grey');
    expect(releaseColour(row('A', 0, [0.01]))).toBe('grey');
  });
});

describe('release selection (spec 2 §5)', () => {
  it('refuses a whole row when available is 0 or less, or charges exceed funds', () => {
    expect(rowSelectable(row('A', 100.01, [60, 40]))).toBe(true);
    expect(rowSelectable(row('A', 100, [60, 40]))).toBe(false);
    expect(rowSelectable(row('A', 50, [60, 40]))).toBe(false);
  });

  it('lets a charge be ticked only while the ticked total plus it stays within funds; a ticked one can always be cleared', () => {
    const r = row('A', 70, [60, 40, 10]);
    const [c60, c40, c10] = r.items as [ChargeToRelease, ChargeToRelease, ChargeToRelease];
    expect(chargeSelectable(r, c60, none)).toBe(true);
    const after60 = tickCharge(none, c60, true);
    expect(chargeSelectable(r, c40, after60)).toBe(false);
    expect(chargeSelectable(r, c10, after60)).toBe(true);
    const full = tickCharge(after60, c10, true);
    expect(selectedCents(r, full)).toBe(7000);
    expect(balanceCents(r, full)).toBe(0);
    expect(chargeSelectable(r, c60, full)).toBe(true);
    expect(rowTickState(r, full)).toBe('mixed');
    const cleared = tickCharge(tickCharge(full, c60, false), c10, false);
    expect(cleared.has('A')).toBe(false);
    expect(rowTickState(r, cleared)).toBe(false);
  });

  it('ticks charges all at once only as far as the funds go, in the order given', () => {
    const r = row('A', 70, [60, 40, 10]);
    const sel = tickCharges(r, none, r.items, true);
    expect([...(sel.get('A') ?? [])]).toEqual([1, 3]);
    expect(balanceCents(r, sel)).toBe(0);
    expect(tickCharges(r, sel, r.items, false).size).toBe(0);
  });

  it('ticks every charge of a row, sums in cents and sends the charges with the amounts shown', () => {
    const a = row('A', 100, [0.1, 0.2], 1);
    const b = row('B', 500, [19.99], 5);
    let sel = tickRows(none, [a, b], true);
    expect(rowTickState(a, sel)).toBe(true);
    // 0.1 + 0.2 is exactly 30 cents.
    expect(selectedCents(a, sel)).toBe(30);
    expect(selectionTotals([a, b], sel)).toEqual({ count: 3, cents: 30 + 1999 });
    const body = releasePayload([a, b], sel);
    expect(body).toEqual([
      { entity: 'A', id: 1, chargeId: 1, amount: 0.1 },
      { entity: 'A', id: 2, chargeId: 2, amount: 0.2 },
      { entity: 'B', id: 5, chargeId: 5, amount: 19.99 },
    ]);
    expect(releaseContract.safeParse(body).success).toBe(true);
    sel = tickRows(sel, [a], false);
    expect(releasePayload([a, b], sel)).toEqual([{ entity: 'B', id: 5, chargeId: 5, amount: 19.99 }]);
  });

  it('leaves out ticked charges the reloaded rows no longer hold', () => {
    const sel = tickRows(none, [row('A', 100, [10, 20])], true);
    const reloaded = row('A', 100, [20], 2);
    expect(releasePayload([reloaded], sel)).toEqual([{ entity: 'A', id: 2, chargeId: 2, amount: 20 }]);
    expect(selectionTotals([], sel)).toEqual({ count: 0, cents: 0 });
  });
});
