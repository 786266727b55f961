import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Letterhead } from '../documents/pdf.js';
import { type OwnerStatement, ownerStatementPdf } from './owner.js';
import type { StatementBatch } from './statement-pdf-worker.js';

/** Below this many statements a pool's start-up costs more than it saves. */
const POOL_FROM = 100;
/** Statements per message to a worker: few enough to keep every worker busy to the end. */
const BATCH = 25;

/**
 * The owner statements of a month end or a Statements report as PDFs, in their order. A thousand
 * statements are seconds of drawing on one core, so from POOL_FROM on they are drawn by one
 * worker thread per core while the main thread keeps answering requests; `progress` hears how
 * many are done.
 */
export async function ownerStatementPdfs(
  statements: OwnerStatement[], letterhead: Letterhead, printedAt: Date, progress: (done: number) => Promise<void> = async () => {},
): Promise<Uint8Array[]> {
  if (statements.length < POOL_FROM) {
    const pdfs: Uint8Array[] = [];
    for (const s of statements) {
      pdfs.push(ownerStatementPdf(s, letterhead, printedAt));
      if (pdfs.length % BATCH === 0) await progress(pdfs.length);
      // Drawn on the main thread: other requests are answered between statements.
      else await new Promise((done) => setImmediate(done));
    }
    return pdfs;
  }
  const pdfs: Uint8Array[] = new Array(statements.length);
  const batches = Array.from({ length: Math.ceil(statements.length / BATCH) }, (_, i) => i * BATCH);
  const workers = Array.from({ length: Math.min(availableParallelism(), batches.length) }, startWorker);
  let done = 0;
  let failed = false;
  try {
    await Promise.all(workers.map(async (worker) => {
      for (let from = batches.shift(); from !== undefined && !failed; from = batches.shift()) {
        const drawn = await draw(worker, { statements: statements.slice(from, from + BATCH), letterhead, printedAt: printedAt.toISOString() });
        drawn.forEach((pdf, i) => { pdfs[from + i] = pdf; });
        done += drawn.length;
        await progress(done);
      }
    }).map((p) => p.catch((e: unknown) => { failed = true; throw e; })));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return pdfs;
}

/**
 * Built, the worker is JavaScript. Under tsx and vitest it is TypeScript, which Node 20 will not
 * load in a worker through tsx's ESM loader, so it is required through tsx's CommonJS hook.
 */
function startWorker(): Worker {
  const source = import.meta.url.endsWith('.ts');
  const file = new URL(`./statement-pdf-worker.${source ? 'ts' : 'js'}`, import.meta.url);
  if (!source) return new Worker(file);
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(fileURLToPath(file))});`, { eval: true });
}

/** One batch through one worker; a worker that fails or stops fails the batch. */
function draw(worker: Worker, batch: StatementBatch): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const settle = (error: Error | null, pdfs?: Uint8Array[]) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (error) reject(error);
      else resolve(pdfs!);
    };
    const onMessage = (m: { pdfs?: Uint8Array[]; error?: string }) => settle(m.error ? new Error(`Owner statements could not be drawn: ${m.error}`) : null, m.pdfs);
    const onError = (e: Error) => settle(e);
    const onExit = (code: number) => settle(new Error(`Owner statements could not be drawn: the drawing thread stopped (${code})`));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(batch);
  });
}
