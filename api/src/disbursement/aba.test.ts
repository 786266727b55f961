import { describe, expect, it } from 'vitest';
import { AbaError, type AbaInput, abaText, buildAba, descriptiveRecord, fileTotalRecord, isValidBankAccount, textField } from './aba.js';

const input = (over: Partial<AbaInput> = {}): AbaInput => ({
  descriptive: { bankCode: 'cba', userName: 'Seaside Holiday Lettings Trust Account', userId: '301500', description: 'Owner Disb', processingDate: '2026-11-30' },
  trust: { bsb: '062-000', account: '12345678', title: 'Seaside Trust Account', remitter: 'Seaside Holiday Lettings' },
  credits: [
    { bsb: '062-001', account: '11112222', amount: 123456, title: 'Zoë Müller', reference: 'DISB 1 OWNSMITH' },
    { bsb: '083004', account: '123456789', amount: 1, title: 'robert jones', reference: 'disb 2' },
    { bsb: '034-002', account: '55556666', amount: 9_876_543_21, title: 'A Very Long Company Name That Exceeds Thirty Two Characters Pty Ltd', reference: 'A REFERENCE LONGER THAN EIGHTEEN' },
  ],
  ...over,
});

const linesOf = (text: string) => {
  expect(text.endsWith('\r\n')).toBe(true);
  const parts = text.split('\r\n');
  expect(parts.pop()).toBe('');
  return parts;
};
/** 1-based inclusive character positions, as the format is written. */
const pos = (line: string, from: number, to: number) => line.slice(from - 1, to);

describe('ABA text fields', () => {
  it('strips accents, upper-cases, drops non-printables and collapses blanks', () => {
    expect(abaText('Zoë Müller')).toBe('ZOE MULLER');
    expect(abaText('  Ærø  Łódź\tß \u0007bell\n')).toBe('AERO LODZ SS BELL');
    expect(abaText('李 Wei')).toBe('WEI');
    expect(abaText("O'Brien & Sons")).toBe("O'BRIEN & SONS");
  });

  it('cuts over-long text at the field width without a trailing blank', () => {
    expect(textField('ABCDE FGHIJ', 6)).toBe('ABCDE ');
    expect(textField('ABCDE FGHIJ', 7)).toBe('ABCDE F');
    expect(textField('ab', 5)).toBe('AB   ');
  });

  it('tells which bank details can be paid by EFT', () => {
    expect(isValidBankAccount('062-001', '11112222')).toBe(true);
    expect(isValidBankAccount('062001', '123456789')).toBe(true);
    expect(isValidBankAccount('062-01', '1111')).toBe(false);
    expect(isValidBankAccount('062-001', '1234567890')).toBe(false);
    expect(isValidBankAccount('062-001', '000000')).toBe(false);
    expect(isValidBankAccount('062-001', 'ABC123')).toBe(false);
    expect(isValidBankAccount(null, '1234')).toBe(false);
    expect(isValidBankAccount('062-001', '')).toBe(false);
  });
});

describe('ABA file bytes', () => {
  const file = buildAba(input())!;
  const lines = linesOf(file.text);

  it('has a descriptive record, a credit per payee, one balancing debit and the total record, each 120 characters, CRLF', () => {
    expect(lines).toHaveLength(6);
    expect(lines.map((l) => l[0])).toEqual(['0', '1', '1', '1', '1', '7']);
    for (const l of lines) expect(l).toHaveLength(120);
    expect(file.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(file.text.length).toBe(6 * 122);
    expect(file.text).toMatch(/^[\x20-\x7e\r\n]*$/);
  });

  it('places the descriptive record fields', () => {
    const l = lines[0]!;
    expect(pos(l, 1, 1)).toBe('0');
    expect(pos(l, 2, 18)).toBe(' '.repeat(17));
    expect(pos(l, 19, 20)).toBe('01');
    expect(pos(l, 21, 23)).toBe('CBA');
    expect(pos(l, 24, 30)).toBe(' '.repeat(7));
    expect(pos(l, 31, 56)).toBe('SEASIDE HOLIDAY LETTINGS T');
    expect(pos(l, 57, 62)).toBe('301500');
    expect(pos(l, 63, 74)).toBe('OWNER DISB  ');
    expect(pos(l, 75, 80)).toBe('301126');
    expect(pos(l, 81, 120)).toBe(' '.repeat(40));
  });

  it('places the credit fields, with accents stripped and names cut at the width', () => {
    const l = lines[1]!;
    expect(pos(l, 1, 1)).toBe('1');
    expect(pos(l, 2, 8)).toBe('062-001');
    expect(pos(l, 9, 17)).toBe(' 11112222');
    expect(pos(l, 18, 18)).toBe(' ');
    expect(pos(l, 19, 20)).toBe('50');
    expect(pos(l, 21, 30)).toBe('0000123456');
    expect(pos(l, 31, 62)).toBe('ZOE MULLER'.padEnd(32));
    expect(pos(l, 63, 80)).toBe('DISB 1 OWNSMITH   ');
    expect(pos(l, 81, 87)).toBe('062-000');
    expect(pos(l, 88, 96)).toBe(' 12345678');
    expect(pos(l, 97, 112)).toBe('SEASIDE HOLIDAY ');
    expect(pos(l, 113, 120)).toBe('00000000');

    const nine = lines[2]!;
    expect(pos(nine, 2, 8)).toBe('083-004');
    expect(pos(nine, 9, 17)).toBe('123456789');
    expect(pos(nine, 21, 30)).toBe('0000000001');
    expect(pos(nine, 31, 62)).toBe('ROBERT JONES'.padEnd(32));
    expect(pos(nine, 63, 80)).toBe('DISB 2'.padEnd(18));

    const long = lines[3]!;
    expect(pos(long, 21, 30)).toBe('0987654321');
    expect(pos(long, 31, 62)).toBe('A VERY LONG COMPANY NAME THAT EX');
    expect(pos(long, 63, 80)).toBe('A REFERENCE LONGER');
  });

  it('balances itself with a debit (code 13) from the trust account for the sum of the credits', () => {
    const l = lines[4]!;
    const sum = 123456 + 1 + 987654321;
    expect(pos(l, 2, 8)).toBe('062-000');
    expect(pos(l, 9, 17)).toBe(' 12345678');
    expect(pos(l, 19, 20)).toBe('13');
    expect(pos(l, 21, 30)).toBe(String(sum).padStart(10, '0'));
    expect(pos(l, 31, 62)).toBe('SEASIDE TRUST ACCOUNT'.padEnd(32));
    expect(pos(l, 63, 80)).toBe('OWNER DISB'.padEnd(18));
    expect(pos(l, 81, 87)).toBe('062-000');
    expect(file.creditTotal).toBe(sum);
    expect(file.debitTotal).toBe(sum);
    const credits = lines.filter((x) => pos(x, 1, 1) === '1' && pos(x, 19, 20) === '50').reduce((a, x) => a + Number(pos(x, 21, 30)), 0);
    expect(credits).toBe(Number(pos(l, 21, 30)));
  });

  it('ends with the file total record: net 0, credit and debit totals, count of type 1 records', () => {
    const l = lines[5]!;
    const sum = String(123456 + 1 + 987654321).padStart(10, '0');
    expect(pos(l, 1, 1)).toBe('7');
    expect(pos(l, 2, 8)).toBe('999-999');
    expect(pos(l, 9, 20)).toBe(' '.repeat(12));
    expect(pos(l, 21, 30)).toBe('0000000000');
    expect(pos(l, 31, 40)).toBe(sum);
    expect(pos(l, 41, 50)).toBe(sum);
    expect(pos(l, 51, 74)).toBe(' '.repeat(24));
    expect(pos(l, 75, 80)).toBe('000004');
    expect(pos(l, 81, 120)).toBe(' '.repeat(40));
    expect(file.count).toBe(4);
  });

  it('matches a whole small file byte for byte', () => {
    const small = buildAba(input({ credits: [{ bsb: '062-001', account: '1234', amount: 5000, title: 'Jane Smith', reference: 'DISB 7' }] }))!;
    expect(small.text).toBe(
      '0                 01CBA       SEASIDE HOLIDAY LETTINGS T301500OWNER DISB  301126                                        \r\n'
      + '1062-001     1234 500000005000JANE SMITH                      DISB 7            062-000 12345678SEASIDE HOLIDAY 00000000\r\n'
      + '1062-000 12345678 130000005000SEASIDE TRUST ACCOUNT           OWNER DISB        062-000 12345678SEASIDE HOLIDAY 00000000\r\n'
      + '7999-999            000000000000000050000000005000                        000002                                        \r\n',
    );
  });

  it('computes a non-zero net total when debits and credits differ (record type 7 alone)', () => {
    const l = fileTotalRecord(1500, 1000, 3);
    expect(pos(l, 21, 30)).toBe('0000000500');
    expect(l).toHaveLength(120);
  });
});

describe('ABA validation', () => {
  const fails = (over: Partial<AbaInput>, field: RegExp, message: RegExp) => {
    let error: unknown;
    try {
      buildAba(input(over));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AbaError);
    expect((error as AbaError).field).toMatch(field);
    expect((error as AbaError).message).toMatch(message);
  };
  const credit = (over: Record<string, unknown>) => ({ credits: [{ bsb: '062-001', account: '1234', amount: 100, title: 'X Y', reference: 'R', ...over }] });

  it('no EFT payees means no file', () => {
    expect(buildAba(input({ credits: [] }))).toBeNull();
  });

  it('refuses a BSB that is not 6 digits', () => {
    fails(credit({ bsb: '62-001' }), /credits\[0\].*bsb/, /BSB '62-001' is not 6 digits/);
    fails(credit({ bsb: '062-0011' }), /bsb/, /not 6 digits/);
    fails(credit({ bsb: 'ABC-DEF' }), /bsb/, /not 6 digits/);
    fails({ trust: { bsb: '', account: '1', title: 'T', remitter: 'R' } }, /trust\.bsb/, /BSB/);
  });

  it('refuses an account that is not 1 to 9 digits', () => {
    fails(credit({ account: '1234567890' }), /account/, /not 1 to 9 digits/);
    fails(credit({ account: '' }), /account/, /not 1 to 9 digits/);
    fails(credit({ account: '12A4' }), /account/, /not 1 to 9 digits/);
    fails(credit({ account: '0000' }), /account/, /not 1 to 9 digits/);
  });

  it('refuses zero, negative and fractional amounts', () => {
    fails(credit({ amount: 0 }), /amount/, /more than zero/);
    fails(credit({ amount: -5 }), /amount/, /more than zero/);
    fails(credit({ amount: 1.5 }), /amount/, /more than zero/);
    fails(credit({ amount: 10_000_000_000 }), /amount/, /does not fit/);
  });

  it('refuses payments whose total does not fit the 10-digit total field, naming the total', () => {
    const payee = { bsb: '062-001', account: '1234', amount: 6_000_000_000, title: 'X Y', reference: 'R' };
    fails({ credits: [payee, { ...payee, amount: 4_000_000_000 }] }, /^total$/, /payments total \$100,000,000\.00, more than one bank file can carry \(\$99,999,999\.99/);
    expect(buildAba(input({ credits: [payee, { ...payee, amount: 3_999_999_999 }] }))!.creditTotal).toBe(9_999_999_999);
  });

  it('refuses a blank payee name, bad settings and dates', () => {
    fails(credit({ title: ' \u0007 ' }), /title/, /account title is required/);
    fails({ descriptive: { ...input().descriptive, bankCode: 'CB' } }, /bankCode/, /3-letter/);
    fails({ descriptive: { ...input().descriptive, userId: '1234567' } }, /userId/, /6 digits/);
    fails({ descriptive: { ...input().descriptive, userName: '' } }, /userName/, /required/);
    fails({ descriptive: { ...input().descriptive, processingDate: '2026-02-30' } }, /processingDate/, /valid/);
  });

  it('zero-fills a short APCA user id', () => {
    expect(descriptiveRecord({ ...input().descriptive, userId: '1500' }).slice(56, 62)).toBe('001500');
  });
});
