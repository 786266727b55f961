import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tableCsv } from './csv.js';
import { PdfDocument, pdfText, printedAtText } from './pdf.js';
import { type DocTable, bracketText, cellText, columnTotals, dateText } from './table.js';
import { MONEY_FORMAT, xlsxWorkbook } from './xlsx.js';
import { zipFiles } from './zip.js';

interface Line {
  date: string;
  ref: string;
  details: string;
  amount: number;
}

/** 70 lines: enough for the table to break onto a second page. */
const lines: Line[] = Array.from({ length: 70 }, (_, i) => ({
  date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
  ref: String(1000 + i),
  details: i === 3 ? 'Cleaning, "deep" clean\nand linen' : i === 5 ? 'Zoë Müller — Łódź stay' : i === 6 ? 'Linen (2 sets) C:\\owner' : `Room charges ${i}`,
  amount: i % 7 === 0 ? -(i * 1001 + 5) : i * 12_345 + 1,
}));
const table: DocTable<Line> = {
  columns: [
    { header: 'Date', kind: 'date', value: (l) => l.date, width: 14 },
    { header: 'Ref', value: (l) => l.ref, width: 10 },
    { header: 'Details', value: (l) => l.details },
    { header: 'Amount', kind: 'money', value: (l) => l.amount, total: true, width: 18 },
  ],
  rows: lines,
  totalsLabel: 'Total',
};
const exactTotal = lines.reduce((a, l) => a + l.amount, 0);

const work = () => mkdtempSync(join(tmpdir(), 'oa-documents-'));

describe('table cells', () => {
  it('formats cents, brackets, dates and counts at the edge, and sums exactly', () => {
    expect(cellText('money', 123_456_789)).toBe('$1,234,567.89');
    expect(cellText('money', -5)).toBe('-$0.05');
    expect(bracketText(-1200)).toBe('($12.00)');
    expect(bracketText(0)).toBe('$0.00');
    expect(dateText('2026-11-30')).toBe('30/11/2026');
    expect(cellText('count', 1234567)).toBe('1,234,567');
    expect(columnTotals(table)[3]).toBe(exactTotal);
    expect(() => columnTotals({ columns: [{ header: 'x', value: () => 0.1, total: true }], rows: [{}] })).toThrow(/not a whole number/);
  });

  it('keeps PDF text drawable by the standard fonts', () => {
    expect(pdfText('Zoë Müller — Łódź')).toBe('Zoë Müller - Lódz');
    expect(pdfText('漢字')).toBe('??');
    expect(printedAtText(new Date('2026-11-30T13:30:00Z'), 'Australia/Sydney')).toBe('01/12/2026 00:30');
  });
});

describe('PDF page frame', () => {
  it('draws letterhead, title, a table across pages and the footers; pdftoppm renders every page', async () => {
    const logo = await sharp({ create: { width: 300, height: 150, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 1 } } }).png().toBuffer();
    const pdf = new PdfDocument({
      letterhead: { companyName: 'Seaside Holiday Lettings Pty Ltd', address: ['1 Esplanade', 'Noosa Heads QLD 4567'], logo: `data:image/png;base64,${logo.toString('base64')}`, timeZone: 'Australia/Sydney' },
      title: 'Test Register',
      selection: 'November 2026',
      printedAt: new Date('2026-11-30T07:05:00Z'),
    });
    pdf.heading('Lines').table(table).block([{ label: 'Closing balance', value: '$1.00', strong: true }]).paragraph('A note that wraps. '.repeat(30));
    const bytes = pdf.bytes();
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');

    const dir = work();
    writeFileSync(join(dir, 'r.pdf'), bytes);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Seaside Holiday Lettings Pty Ltd');
    expect(text).toContain('Noosa Heads QLD 4567');
    expect(text).toContain('Test Register');
    expect(text).toContain('November 2026');
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
    expect(text).toContain('Printed 30/11/2026 18:05');
    expect(text).toContain('Zoë Müller - Lódz stay');
    // Table text is written into the page directly: brackets and backslashes escaped.
    expect(text).toContain('Linen (2 sets) C:\\owner');
    expect(text).toMatch(/Total\s+\$[\d,]+\.\d\d/);
    expect(text).toContain(cellText('money', exactTotal));
    // Money is right-aligned: every amount's word box ends at the same x (pdftotext -bbox, points).
    const boxes = execFileSync('pdftotext', ['-bbox', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    const ends = [...boxes.matchAll(/xMax="([\d.]+)"[^>]*>(-?\$[\d,]+\.\d\d)</g)].map((m) => Number(m[1]));
    expect(ends.length).toBeGreaterThan(70);
    expect(Math.max(...ends) - Math.min(...ends)).toBeLessThan(0.5);

    // The header row is drawn again on the page the table breaks onto, under the running header.
    const second = execFileSync('pdftotext', ['-layout', '-f', '2', '-l', '2', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    expect(second).toMatch(/Test Register[\s\S]*Date\s+Ref\s+Details\s+Amount[\s\S]*Room charges 69/);

    execFileSync('pdftoppm', ['-png', '-r', '40', join(dir, 'r.pdf'), join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.startsWith('page')).sort()).toEqual(['page-1.png', 'page-2.png']);
    const meta = await sharp(join(dir, 'page-1.png')).metadata();
    expect(meta.width).toBeGreaterThan(300);
  });
});

describe('PDF letterhead logo', () => {
  it('is in every document it heads, with its transparency, deflated', async () => {
    const logo = await sharp({ create: { width: 300, height: 150, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } }).png().toBuffer();
    const letterhead = { companyName: 'Co', address: [], logo: `data:image/png;base64,${logo.toString('base64')}`, timeZone: 'UTC' };
    const dir = work();
    for (const name of ['a', 'b']) {
      const bytes = new PdfDocument({ letterhead, title: name, printedAt: new Date() }).table(table).bytes();
      // Undeflated, the logo's pixels alone were 180 KB.
      expect(bytes.length).toBeLessThan(60_000);
      writeFileSync(join(dir, `${name}.pdf`), bytes);
      const images = execFileSync('pdfimages', ['-list', join(dir, `${name}.pdf`)], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
      expect(images.map((l) => l.split(/\s+/).slice(3, 6).join(' '))).toEqual(['image 300 150', 'smask 300 150']);
    }
  });
});

describe('CSV', () => {
  it('is RFC 4180 text that a CSV parser reads back to the same values, totals included', () => {
    const text = tableCsv(table);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parse(text, { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    expect(rows).toHaveLength(lines.length + 1);
    expect(rows[3]).toEqual({ Date: lines[3]!.date, Ref: lines[3]!.ref, Details: 'Cleaning, "deep" clean\nand linen', Amount: '370.36' });
    expect(rows[0]!.Amount).toBe('-0.05');
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(rows.slice(0, -1).reduce((a, r) => a + cents(r.Amount!), 0)).toBe(exactTotal);
    expect(rows.at(-1)).toEqual({ Date: 'Total', Ref: '', Details: '', Amount: (exactTotal / 100).toFixed(2) });
  });
});

describe('XLSX', () => {
  it('has number cells in a currency format, a frozen bold header, and a totals row that sums', async () => {
    const bytes = await xlsxWorkbook([{ name: 'Lines: November?', table }]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.name).toBe('Lines  November ');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).values).toEqual([undefined, 'Date', 'Ref', 'Details', 'Amount']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    const first = ws.getRow(2);
    expect(first.getCell(4).value).toBe(-0.05);
    expect(first.getCell(4).numFmt).toBe(MONEY_FORMAT);
    expect((first.getCell(1).value as Date).toISOString().slice(0, 10)).toBe('2026-11-01');
    expect(ws.getRow(5).getCell(3).value).toBe('Cleaning, "deep" clean\nand linen');
    const totals = ws.getRow(lines.length + 2);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(4).value).toEqual({ formula: `SUM(D2:D${lines.length + 1})`, result: exactTotal / 100 });
    let sum = 0;
    for (let r = 2; r <= lines.length + 1; r++) sum += Math.round((ws.getRow(r).getCell(4).value as number) * 100);
    expect(sum).toBe(exactTotal);
  });
});

describe('ZIP', () => {
  it('packs files that unzip lists and tests', async () => {
    const pdf = new PdfDocument({ letterhead: { companyName: 'Co', address: [], logo: null, timeZone: 'UTC' }, title: 'One', printedAt: new Date() }).bytes();
    const bytes = await zipFiles([
      { name: 'statements/OWNSMITH.pdf', data: pdf },
      { name: 'lines.csv', data: tableCsv(table) },
    ]);
    const dir = work();
    writeFileSync(join(dir, 'pack.zip'), bytes);
    expect(execFileSync('unzip', ['-t', join(dir, 'pack.zip')], { encoding: 'utf8' })).toContain('No errors detected');
    const listing = execFileSync('unzip', ['-Z1', join(dir, 'pack.zip')], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toEqual(['statements/OWNSMITH.pdf', 'lines.csv']);
    expect(execFileSync('unzip', ['-p', join(dir, 'pack.zip'), 'lines.csv'], { encoding: 'utf8' })).toBe(tableCsv(table));
    await expect(zipFiles([{ name: 'a.csv', data: 'x' }, { name: 'a.csv', data: 'y' }])).rejects.toThrow(/already has a file named a.csv/);
  });
});
