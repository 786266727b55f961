import { describe, expect, it } from 'vitest';
import {
  businessLines, comparisonFields, fundsLabel, parseCsv, pendingForAccount, periodLabel, statementLines, summaryQuery, withChanges, yearMonthText,
  type ChargeListRow,
} from './rules.js';

describe('business accounts query', () => {
  it('sends Current as period=current and a Period as year and month, with the chosen comparisons', () => {
    expect(summaryQuery({ period: 'current', search: undefined })).toEqual({ period: 'current', compare1: undefined, compare2: undefined });
    expect(summaryQuery({ period: 'period', month: 3, year: 2026, compare1: '2026-02', compare2: '2025-03' })).toEqual({
      year: 2026, month: 3, compare1: '2026-02', compare2: '2025-03',
    });
    expect(yearMonthText({ year: 2026, month: 10 })).toBe('2026-10');
    expect(periodLabel({ year: 2026, month: 10 })).toBe('Oct 2026');
  });

  it('compares with #1 or #2, the change exact in cents', () => {
    const [row] = withChanges([{ account_id: 'COMMISS', description: 'Commission', pending: 0, funds: 0.3, funds_compare1: 0.1, funds_compare2: 1.05 }]);
    expect(row).toMatchObject({ change_compare1: 0.2, change_compare2: -0.75 });
    expect(comparisonFields(2)).toEqual({ funds: 'funds_compare2', change: 'change_compare2' });
    expect(fundsLabel(true)).toBe('Revenue');
    expect(fundsLabel(false)).toBe('Funds');
  });
});

describe('business ledger lines', () => {
  const csv = 'date,ref,kind,party,door,account,amount\r\n2026-11-01,61,RECEIPT,BUSINESS,,SURCHG,10.10\r\n2026-11-01,61,RECEIPT,OWNER1,401,ROOMCHG,200.00\r\n2026-11-02,7,"JOUR,NAL",BUSINESS,402,COMMISS,-0.30\r\n';

  it('parses quoted CSV fields', () => {
    expect(parseCsv('a,"b ""c"", d"\r\n1,2\n')).toEqual([['a', 'b "c", d'], ['1', '2']]);
  });

  it('keeps the business lines, of one account when asked', () => {
    expect(businessLines(csv).map((l) => l.account)).toEqual(['SURCHG', 'COMMISS']);
    expect(businessLines(csv, 'COMMISS')).toEqual([{ date: '2026-11-02', ref: '7', kind: 'JOUR,NAL', door: '402', account: 'COMMISS', amount: -0.3 }]);
  });

  it('runs the statement balance from the opening balance, exact in cents', () => {
    const { lines, closing } = statementLines(0.1, businessLines(csv));
    expect(lines.map((l) => l.balance)).toEqual([10.2, 9.9]);
    expect(closing).toBe(9.9);
  });

  it('pending charges to the business on the account', () => {
    const charge = (ref: string, recipient: string, accounts: string[], status = 'PENDING'): ChargeListRow => ({
      id: 1, ref, date: '2026-11-01', entity: 'OWNER1', door: '401', recipient, accounts, memo: '', amount: 10, status,
    });
    const charges = [charge('1', 'BUSINESS', ['MGMTFEE']), charge('2', 'SUPPLIER1', ['MGMTFEE']), charge('3', 'BUSINESS', ['MGMTFEE'], 'RELEASED'), charge('4', 'BUSINESS', ['CLEAN'])];
    expect(pendingForAccount(charges, 'MGMTFEE').map((c) => c.ref)).toEqual(['1']);
  });
});
