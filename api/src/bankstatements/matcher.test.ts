import { describe, expect, it } from 'vitest';
import { type MatchItem, type MatchLine, feeWithheld, otaOnLine, referenceOnLine, suggestMatches } from './matcher.js';

const line = (id: number, date: string, amount: number, description = 'LINE', reference: string | null = null): MatchLine => ({ id, date, amount, description, reference });
const item = (key: string, date: string, amount: number, over: Partial<MatchItem> = {}): MatchItem => ({ key, date, amount, ref: key, method: 'CASH', type: 'DEPOSIT', ...over });
const pairs = (s: ReturnType<typeof suggestMatches>) => s.map((x) => [x.lines, x.items, x.difference]);

describe('the auto-matcher', () => {
  it('matches one line to one item by amount within the date window, not outside it', () => {
    const s = suggestMatches(
      [line(1, '2026-11-04', 12_050), line(2, '2026-11-20', 9_900), line(3, '2026-11-05', -3_000)],
      [item('DEP000001', '2026-11-03', 12_050), item('DEP000002', '2026-11-05', 9_900), item('CB9', '2026-11-04', -3_000, { type: 'PAYMENT', method: 'EFT', ref: '77' })],
    );
    expect(pairs(s)).toEqual([[[1], ['DEP000001'], 0], [[3], ['CB9'], 0]]);
    expect(s[0]!.reason).toBe('Amount, 1 day apart');
  });

  it('pairs two deposits of the same amount on one day with two lines, each used once', () => {
    const s = suggestMatches(
      [line(11, '2026-11-04', 5_000), line(10, '2026-11-04', 5_000)],
      [item('DEP000008', '2026-11-04', 5_000), item('DEP000007', '2026-11-04', 5_000)],
    );
    expect(pairs(s)).toEqual([[[10], ['DEP000007'], 0], [[11], ['DEP000008'], 0]]);
  });

  it('prefers the item whose reference is on the line over a nearer date', () => {
    const s = suggestMatches(
      [line(1, '2026-11-06', 5_000, 'DEPOSIT 000008 NOOSA')],
      [item('DEP000007', '2026-11-06', 5_000), item('DEP000008', '2026-11-04', 5_000)],
    );
    expect(pairs(s)).toEqual([[[1], ['DEP000008'], 0]]);
    expect(s[0]!.reason).toBe('Amount and reference DEP000008');
    expect(referenceOnLine(line(2, '2026-11-06', 1, 'X', 'DEP000008'), item('DEP000008', '2026-11-06', 1))).toBe(true);
  });

  it('matches a card settlement net of the processor fees to the day’s card deposits, with the fee as the difference', () => {
    const s = suggestMatches(
      [line(1, '2026-11-05', 44_687, 'MERCHANT SETTLEMENT 123')],
      [item('DEP000003', '2026-11-04', 30_000, { method: 'CARD' }), item('DEP000004', '2026-11-04', 15_599, { method: 'CARD' }), item('DEP000005', '2026-11-04', 99_999, { method: 'CASH' })],
    );
    expect(pairs(s)).toEqual([[[1], ['DEP000003', 'DEP000004'], 912]]);
    expect(s[0]!.reason).toBe('Card settlement of 2 items net of fees');
  });

  it('does not call a shortfall above the fee rate a settlement', () => {
    expect(suggestMatches([line(1, '2026-11-05', 40_000)], [item('DEP000003', '2026-11-04', 45_599, { method: 'CARD' })])).toEqual([]);
  });

  it('matches an OTA payout to the day’s EFT receipts paid together', () => {
    const s = suggestMatches(
      [line(1, '2026-11-06', 75_000, 'AIRBNB PAYMENTS')],
      [item('CB1', '2026-11-06', 50_000, { method: 'EFT', type: 'RECEIPT' }), item('CB2', '2026-11-06', 25_000, { method: 'EFT', type: 'RECEIPT' })],
    );
    expect(pairs(s)).toEqual([[[1], ['CB1', 'CB2'], 0]]);
  });

  const guest = (key: string, date: string, amount: number) => item(key, date, amount, { method: 'EFT', type: 'RECEIPT', booking: true });

  it('matches an OTA payout net of its commission to the day’s booking receipts, leaving a direct transfer of that day alone', () => {
    const s = suggestMatches(
      [line(1, '2026-11-08', 63_750, 'AIRBNB PAYMENTS UK LTD', 'G-4F7QX')],
      [guest('CB1', '2026-11-06', 50_000), guest('CB2', '2026-11-06', 25_000), item('CB3', '2026-11-06', 10_000, { method: 'EFT', type: 'RECEIPT' })],
    );
    // 15% commission of 750.00 = 112.50 withheld.
    expect(pairs(s)).toEqual([[[1], ['CB1', 'CB2'], 11_250]]);
    expect(s[0]!.reason).toBe('AIRBNB payout of 2 booking receipts net of commission');
  });

  it('recognises an OTA however the bank writes its name, and only from the known OTAs', () => {
    expect(otaOnLine(line(1, '2026-11-08', 1, 'Booking.com B.V. payout'))).toBe('BOOKING.COM');
    expect(otaOnLine(line(1, '2026-11-08', 1, 'DIRECT CREDIT', 'BOOKINGCOM 88121'))).toBe('BOOKING.COM');
    expect(otaOnLine(line(1, '2026-11-08', 1, 'EXPEDIA INC'))).toBe('EXPEDIA');
    expect(otaOnLine(line(1, '2026-11-08', 1, 'DIRECT CREDIT J SMITH BOOKING'))).toBeNull();
  });

  it('keeps the OTA commission bounded: above a quarter, without an OTA on the line, or for receipts not from bookings, nothing is suggested', () => {
    const bookings = [guest('CB1', '2026-11-06', 50_000), guest('CB2', '2026-11-06', 25_000)];
    expect(suggestMatches([line(1, '2026-11-08', 56_249, 'BOOKING.COM BV')], bookings)).toEqual([]);
    expect(pairs(suggestMatches([line(1, '2026-11-08', 56_250, 'BOOKING.COM BV')], bookings))).toEqual([[[1], ['CB1', 'CB2'], 18_750]]);
    expect(suggestMatches([line(1, '2026-11-08', 63_750, 'DIRECT CREDIT 4471')], bookings)).toEqual([]);
    expect(suggestMatches([line(1, '2026-11-08', 63_750, 'AIRBNB PAYMENTS')], bookings.map((i) => ({ ...i, booking: false })))).toEqual([]);
    // A line naming an OTA is not offered the day's card settlement either.
    expect(suggestMatches([line(1, '2026-11-08', 44_000, 'EXPEDIA INC')], [item('DEP000003', '2026-11-06', 45_000, { method: 'CARD' })])).toEqual([]);
  });

  it('lets the confirmation withhold a fee only for one OTA or a card processor, within their rates', () => {
    const bookings = [guest('CB1', '2026-11-06', 50_000), guest('CB2', '2026-11-06', 25_000)];
    expect(feeWithheld([line(1, '2026-11-08', 63_750, 'AIRBNB')], bookings, 11_250)).toEqual({ by: 'OTA', ota: 'AIRBNB' });
    expect(feeWithheld([line(1, '2026-11-08', 30_000, 'AIRBNB'), line(2, '2026-11-08', 33_750, 'EXPEDIA')], bookings, 11_250)).toBeNull();
    expect(feeWithheld([line(1, '2026-11-08', 63_750, 'AIRBNB')], bookings, -11_250)).toBeNull();
    expect(feeWithheld([line(1, '2026-11-05', 44_687, 'MERCHANT SETTLEMENT')], [item('DEP000003', '2026-11-04', 45_599, { method: 'CARD' })], 912)).toEqual({ by: 'CARD' });
    expect(feeWithheld([line(1, '2026-11-05', 44_687, 'AIRBNB')], [item('DEP000003', '2026-11-04', 45_599, { method: 'CARD' })], 2_500)).toBeNull();
  });

  it('matches two statement lines that together are one deposit', () => {
    const s = suggestMatches([line(1, '2026-11-04', 10_000, 'CASH'), line(2, '2026-11-04', 2_550, 'CHEQUE')], [item('DEP000001', '2026-11-03', 12_550)]);
    expect(pairs(s)).toEqual([[[1, 2], ['DEP000001'], 0]]);
  });

  it('never suggests a reversed receipt or its reversal: the real receipt of the same amount is matched', () => {
    const s = suggestMatches(
      [line(1, '2026-11-05', 20_000, 'J SMITH')],
      [
        item('CB1', '2026-11-05', 20_000, { method: 'EFT', type: 'RECEIPT', contra: true }),
        item('CB2', '2026-11-05', -20_000, { method: 'EFT', type: 'REVERSAL', contra: true }),
        item('CB3', '2026-11-05', 20_000, { method: 'EFT', type: 'RECEIPT' }),
      ],
    );
    expect(pairs(s)).toEqual([[[1], ['CB3'], 0]]);
  });

  it('leaves a line nobody can identify unmatched', () => {
    expect(suggestMatches([line(1, '2026-11-05', 31_415, 'DIRECT CREDIT UNKNOWN')], [item('DEP000001', '2026-11-05', 10_000)])).toEqual([]);
  });
});
