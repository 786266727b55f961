import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Letterhead } from '../documents/pdf.js';
import { type OwnerStatement, ownerStatementPdf } from './owner.js';
import { ownerStatementPdfs } from './statement-pdfs.js';

const letterhead: Letterhead = { companyName: 'Seaside Lettings', address: ['1 Beach Rd', 'Byron Bay NSW 2481'], logo: null, timeZone: 'Australia/Sydney' };
const printedAt = new Date('2026-11-30T06:00:00Z');

/** Owner n's statement: n lines of n dollars, so each document differs from its neighbours. */
const statement = (n: number): OwnerStatement => {
  const lines = Array.from({ length: n % 7 }, (_, i) => ({ date: '2026-11-0' + (1 + i), ref: `R${n}-${i}`, kind: 'RECEIPT', door: '101', description: `Stay ${i}`, amount: n * 100, balance: (i + 1) * n * 100, revision: null }));
  return {
    code: `OWN${String(n).padStart(4, '0')}`, name: `Owner ${n}`, address: ['1 Street'], format: 'DET', year: 2026, month: 11,
    opening: 0, closing: lines.length * n * 100, lines, byKind: [{ kind: 'RECEIPT', amount: lines.length * n * 100 }], pending: 0, holds: [], notes: null, message: null,
  };
};
const text = (pdf: Uint8Array) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });

describe('owner statement PDFs drawn by the worker pool', () => {
  it('gives each owner their own statement, in order, as the main thread draws it', async () => {
    const statements = Array.from({ length: 130 }, (_, i) => statement(i + 1));
    const heard: number[] = [];
    const pdfs = await ownerStatementPdfs(statements, letterhead, printedAt, async (done) => { heard.push(done); });
    expect(pdfs).toHaveLength(130);
    expect(heard.at(-1)).toBe(130);
    for (const i of [0, 1, 64, 128, 129]) {
      const pooled = text(pdfs[i]!);
      expect(pooled).toContain(`Owner ${i + 1} (OWN${String(i + 1).padStart(4, '0')})`);
      expect(pooled).toBe(text(ownerStatementPdf(statements[i]!, letterhead, printedAt)));
    }
  });

  it('fails the whole set when a statement cannot be drawn', async () => {
    const statements = Array.from({ length: 120 }, (_, i) => statement(i + 1));
    (statements[70] as { lines: unknown }).lines = null;
    await expect(ownerStatementPdfs(statements, letterhead, printedAt)).rejects.toThrow(/Owner statements could not be drawn/);
  });
});
