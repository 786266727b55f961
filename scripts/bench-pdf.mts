/**
 * `npx tsx scripts/bench-pdf.mts [statements] [tableLines]`: ms per owner statement PDF (detailed,
 * 30 lines, logo on the letterhead) and for one table of `tableLines` lines, on synthetic data,
 * so a change to the shared PDF frame can be measured without a seeded database.
 */
import sharp from 'sharp';
import { PdfDocument } from '../api/src/documents/pdf.js';
import { type OwnerStatement, ownerStatementPdf } from '../api/src/statements/owner.js';

const count = Number(process.argv[2] ?? 100);
const tableLines = Number(process.argv[3] ?? 10_000);
const logo = await sharp({ create: { width: 300, height: 150, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 1 } } }).png().toBuffer();
const letterhead = {
  companyName: 'Seaside Holiday Lettings Pty Ltd',
  address: ['1 Esplanade', 'Noosa Heads QLD 4567', 'ABN 12 345 678 901  Phone 07 5555 1234  accounts@seaside.example', 'Seaside Trust, Licence 123456'],
  logo: `data:image/png;base64,${logo.toString('base64')}`,
  timeZone: 'Australia/Sydney',
};
const kinds = ['BOOKING', 'RECEIPT', 'PAYMENT', 'RELEASE', 'DISBURSE'];
const statement = (i: number): OwnerStatement => {
  let balance = 125_000 + i;
  const lines = Array.from({ length: 30 }, (_, j) => {
    const amount = j % 5 === 2 ? -(j * 1_234 + i) : j * 9_871 + 55;
    balance += amount;
    return { date: `2026-11-${String((j % 28) + 1).padStart(2, '0')}`, ref: String(40_000 + i * 30 + j), kind: kinds[j % 5]!, door: `U${(j % 9) + 1}`, description: `Booking ${j} Smith, J arriving 12/11 departing ${j % 3 ? '15/11' : '19/11 with a longer description that wraps'}`, amount, balance, revision: null };
  });
  return {
    code: `OWN${i}`, name: `Owner ${i} Pty Ltd`, address: ['12 Beach Road', 'Noosa QLD 4567'], format: 'DET', year: 2026, month: 11,
    opening: 125_000 + i, closing: balance, lines,
    byKind: kinds.map((kind) => ({ kind, amount: lines.filter((l) => l.kind === kind).reduce((a, l) => a + l.amount, 0) })),
    pending: 12_000, holds: [{ label: 'Held for maintenance', amount: 50_000 }], notes: null, message: 'Thank you for your business.',
  };
};
const printedAt = new Date('2026-11-30T07:05:00Z');
const data = Array.from({ length: count }, (_, i) => statement(i));
ownerStatementPdf(data[0]!, letterhead, printedAt);
let bytes = 0;
let t = performance.now();
let cpu = process.cpuUsage();
for (const s of data) bytes += ownerStatementPdf(s, letterhead, printedAt).length;
const perStatement = (performance.now() - t) / count;
// CPU time too: the machine is shared, so the wall clock says as much about the neighbours.
const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;
console.log(`statements: ${count} in ${(perStatement * count).toFixed(0)} ms, ${perStatement.toFixed(1)} ms each (CPU ${(cpuMs(process.cpuUsage(cpu)) / count).toFixed(1)} ms), ${(bytes / count / 1024).toFixed(1)} KB each`);

if (tableLines > 0) {
  const rows = Array.from({ length: tableLines }, (_, i) => statement(0).lines[i % 30]!);
  t = performance.now();
  cpu = process.cpuUsage();
  const pdf = new PdfDocument({ letterhead, title: 'Account Transactions', selection: 'November 2026', printedAt });
  pdf.table({
    columns: [
      { header: 'Date', kind: 'date', value: (r) => r.date, width: 14 },
      { header: 'Ref', value: (r) => r.ref, width: 12 },
      { header: 'Details', value: (r) => r.description, width: 40 },
      { header: 'Amount', kind: 'money', value: (r) => r.amount, width: 13, total: true },
      { header: 'Balance', kind: 'money', value: (r) => r.balance, width: 13 },
    ],
    rows,
    totalsLabel: 'Total',
  });
  const out = pdf.bytes();
  if (process.env.BENCH_TABLE_OUT) (await import("node:fs")).writeFileSync(process.env.BENCH_TABLE_OUT, out);
  console.log(`table: ${tableLines} lines in ${(performance.now() - t).toFixed(0)} ms (CPU ${cpuMs(process.cpuUsage(cpu)).toFixed(0)} ms), ${pdf.doc.getNumberOfPages()} pages, ${(out.length / 1024).toFixed(0)} KB`);
}
if (process.env.BENCH_PDF_OUT) (await import('node:fs')).writeFileSync(process.env.BENCH_PDF_OUT, ownerStatementPdf(data[0]!, letterhead, printedAt));
