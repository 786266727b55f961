import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StatementFormatError, amountCents, dateOf, parseStatement } from './parse.js';

const file = (name: string) => readFileSync(new URL(`../testing/statements/${name}`, import.meta.url), 'utf8');

/** Every sample holds the same three bank lines, as each bank writes them. */
const THREE = [
  { date: '2026-11-03', amount: 4510 },
  { date: '2026-11-04', amount: -4510 },
  { date: '2026-11-05', amount: 125_000 },
];
const byDate = (lines: { date: string; amount: number }[]) => [...lines].sort((a, b) => a.date.localeCompare(b.date)).map(({ date, amount }) => ({ date, amount }));

describe('statement files', () => {
  it.each([
    ['cba.csv', 'CBA', 625_000],
    ['westpac.csv', 'WBC', 625_000],
    ['nab.csv', 'NAB', 625_000],
    ['anz.csv', 'ANZ', null],
  ])('reads %s as the %s layout, recognised from its columns', (name, layout, closing) => {
    const s = parseStatement(file(name));
    expect(s.format).toBe('CSV');
    expect(s.layout).toBe(layout);
    expect(byDate(s.lines)).toEqual(THREE);
    expect(s.closing).toBe(closing);
    if (closing !== null) expect(s.closingDate).toBe('2026-11-05');
  });

  it('keeps references and descriptions (Westpac serial, NAB transaction type)', () => {
    const w = parseStatement(file('westpac.csv'));
    expect(w.lines[1]).toMatchObject({ description: 'WITHDRAWAL-OSKO PAYMENT 1234 CLEANER, SPARKLE', reference: null });
    expect(w.lines[2]!.reference).toBe('000123');
    expect(parseStatement(file('nab.csv')).lines[0]).toMatchObject({ description: 'DEP000012 CASH', reference: 'DEPOSIT' });
  });

  it('reads any CSV with a column mapping', () => {
    const csv = 'Posted;Details;Out;In\n2026-11-03;Deposit;;45.10\n2026-11-04;Cleaner;45.10;\n'.replace(/;/g, ',');
    const s = parseStatement(csv, { layout: 'MAPPED', mapping: { date: 1, description: 2, debit: 3, credit: 4, dateFormat: 'YMD', headerRows: 1 } });
    expect(s.lines.map((l) => l.amount)).toEqual([4510, -4510]);
  });

  it('reads OFX 1.x (SGML, leaves without closing tags), with the ledger balance', () => {
    const s = parseStatement(file('westpac.ofx'));
    expect(s.format).toBe('OFX');
    expect(s.account).toBe('123456');
    expect(byDate(s.lines)).toEqual(THREE);
    expect(s.lines[1]!.description).toBe('SPARKLE CLEANING & CO');
    expect(s.lines[2]!.reference).toBe('000123');
    expect([s.closing, s.closingDate]).toEqual([625_000, '2026-11-05']);
  });

  it('reads OFX 2.x (XML)', () => {
    const xml = `<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?><OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>
      <STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261105</DTPOSTED><TRNAMT>1250.00</TRNAMT><FITID>1</FITID><NAME>J SMITH</NAME></STMTTRN>
      </BANKTRANLIST><LEDGERBAL><BALAMT>6250.00</BALAMT><DTASOF>20261105</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const s = parseStatement(xml);
    expect(s.lines).toEqual([{ date: '2026-11-05', amount: 125_000, description: 'J SMITH', reference: '1', source: 2 }]);
    expect(s.closing).toBe(625_000);
  });

  it('reads camt.053: booked entries only, debit/credit indicators, opening and closing balances', () => {
    const s = parseStatement(file('anz.camt053.xml'));
    expect(s.format).toBe('CAMT053');
    expect(s.account).toBe('012345678');
    expect(byDate(s.lines)).toEqual(THREE);
    expect(s.lines[1]!.description).toBe('SPARKLE CLEANING CO INV 4411');
    expect(s.lines[1]!.reference).toBe('A1B2C4');
    expect(s.lines[2]!.reference).toBe('E2E-000123');
    expect([s.opening, s.closing, s.closingDate]).toEqual([500_000, 625_000, '2026-11-05']);
  });

  it('answers a malformed file with the line at fault', () => {
    const bad = (content: string, options = {}) => {
      try {
        parseStatement(content, options);
      } catch (e) {
        expect(e).toBeInstanceOf(StatementFormatError);
        return (e as Error).message;
      }
      throw new Error('parsed');
    };
    expect(bad(file('cba.csv').replace('04/11/2026', '31/02/2026'))).toBe("Line 2: '31/02/2026' is not a date");
    expect(bad(file('westpac.csv').replace(',1250.00,', ',12x0.00,'))).toMatch(/^Line 4: .* is not an amount$/);
    expect(bad('"unterminated,1,2\n')).toMatch(/^Line 1: the file is not valid CSV/);
    expect(bad('hello,world\n')).toMatch(/^Line 1: the columns are not those of a CommBank, Westpac, NAB or ANZ export/);
    expect(bad(file('westpac.ofx').replace('<TRNAMT>-45.10', '<TRNAMT>minus'))).toMatch(/^Line 4\d: TRNAMT 'minus' is not an amount$/);
    expect(bad(file('anz.camt053.xml').replace('<Amt Ccy="AUD">1250.00</Amt>', '<Amt Ccy="AUD">1250.00</Amt'))).toMatch(/^Line \d+: the XML is not well formed/);
    expect(bad(file('anz.camt053.xml').replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>X</CdtDbtInd>'))).toBe("Entry 2: CdtDbtInd 'X' is neither CRDT nor DBIT");
  });

  it('money and dates as the banks write them', () => {
    expect(['1,234.50', '-12.5', '+3', '(12.00)', '12.00 DR', '$7.05 CR', '1.234'].map(amountCents)).toEqual([123_450, -1250, 300, -1200, -1200, 705, null]);
    expect(['05/11/2026', '2026-11-05', '5 Nov 26', '05-Nov-2026', '31/11/2026'].map((d) => dateOf(d))).toEqual(['2026-11-05', '2026-11-05', '2026-11-05', '2026-11-05', null]);
  });
});
