import { describe, expect, it } from 'vitest';
import { gstOnFee } from './fee-gst.js';

describe('GST on a fee (docs/booking-system.md GST)', () => {
  it('is the GST code\'s rate of the fee, rounded once half away from zero; nothing when GST-free or nothing is charged', () => {
    expect(gstOnFee(2352, 10)).toBe(235);
    expect(gstOnFee(2355, 10)).toBe(236);
    expect(gstOnFee(667, 10)).toBe(67);
    expect(gstOnFee(1500, 15)).toBe(225);
    expect(gstOnFee(5500, 0)).toBe(0);
    expect(gstOnFee(0, 10)).toBe(0);
    expect(gstOnFee(-100, 10)).toBe(0);
  });
});
