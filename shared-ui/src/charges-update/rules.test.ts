import { describe, expect, it } from 'vitest';
import { chargesDateLimits, chargesUpdateNotice, chargesUpdateRequest } from './rules.js';

describe('update or undo charges', () => {
  it('dates run from today to the same day a year on (28 Feb for a 29 Feb)', () => {
    const { min, max } = chargesDateLimits(new Date(2026, 3, 20, 15, 30));
    expect([min.getFullYear(), min.getMonth(), min.getDate(), min.getHours()]).toEqual([2026, 3, 20, 0]);
    expect([max.getFullYear(), max.getMonth(), max.getDate()]).toEqual([2027, 3, 20]);
    const leap = chargesDateLimits(new Date(2028, 1, 29)).max;
    expect([leap.getFullYear(), leap.getMonth(), leap.getDate()]).toEqual([2029, 1, 28]);
  });

  it('puts the fees on, or deletes them, for every unit or one door, with the date only when given', () => {
    expect(chargesUpdateRequest('update', null, null)).toEqual({ method: 'PUT', path: '/api/unit/applyfees', body: {} });
    expect(chargesUpdateRequest('undo', 'A101', new Date(2026, 4, 1))).toEqual({ method: 'DELETE', path: '/api/rental/deletecharges', body: { door: 'A101', date: '2026-05-01' } });
  });

  it('toasts the server message, as an error when the answer is flagged', () => {
    expect(chargesUpdateNotice('update', { message: '4 charges raised', error: false })).toEqual({ title: 'Update Charges', body: '4 charges raised', intent: 'success', timeout: 4000 });
    expect(chargesUpdateNotice('undo', { message: 'No', error: true })).toMatchObject({ title: 'Undo Charges', intent: 'error' });
  });
});
