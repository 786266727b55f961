import { concurrencyRefusal, sqlState } from '../http/errors.js';

/** Deadlock detected (40P01) and serialization failure (40001): the database rolled the work back, so running it again is safe. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a whole database transaction again when PostgreSQL aborted it for a deadlock or a
 * serialization failure (issue 8 item 5): `work` must open its own transaction, so each try
 * starts clean. After `attempts` tries the conflict is answered as a 409 to try again, never a 500.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      if (!RETRYABLE.has(sqlState(e) ?? '')) throw e;
      if (attempt >= attempts) throw concurrencyRefusal(e)!;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.floor(Math.random() * 20)));
    }
  }
}
