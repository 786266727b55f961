import { parentPort } from 'node:worker_threads';
import type { Letterhead } from '../documents/pdf.js';
import { type OwnerStatement, ownerStatementPdf } from './owner.js';

/** A worker of the statement pool (statement-pdfs.ts): draws the batches it is sent. */
export interface StatementBatch {
  statements: OwnerStatement[];
  letterhead: Letterhead;
  printedAt: string;
}

parentPort?.on('message', ({ statements, letterhead, printedAt }: StatementBatch) => {
  try {
    const pdfs = statements.map((s) => ownerStatementPdf(s, letterhead, new Date(printedAt)));
    parentPort!.postMessage({ pdfs }, pdfs.map((p) => p.buffer as ArrayBuffer));
  } catch (e) {
    parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
});
