import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { postTxn, trustBalance } from './ledger.js';
import type { PostingLine, TxnDraft } from './posting-rules.js';
import { balanceDrift, trustPosition, unbalancedTxns } from './trust-position.js';
import { DEFAULT_TIME_ZONE, dateInZone } from './business-date.js';

/**
 * 20 clients post receipts, payments and journals on the same few parties at once, each in its
 * own database transaction (on PostgreSQL they truly run in parallel over the pool; PGlite
 * serialises them). Payments and journals race for the same dollars. Afterwards: numbers unique
 * and gapless per kind, no ledger below zero, cashbook equal to the sum of ledgers.
 */
const CLIENTS = 20;
const SECONDS = process.env.DATABASE_URL ? 30 : 5;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await addTestParties(api.db.company('co_demotrust'));
});
afterAll(() => api.close());

const PARTIES: { entity: string; door: string | null }[] = [
  { entity: 'OWNSMITH', door: '101' },
  { entity: 'OWNSMITH', door: '102' },
  { entity: 'OWNJONES', door: '201' },
  { entity: 'SUPCLEAN', door: null },
];

describe('concurrent posting', () => {
  it(`keeps every invariant with ${CLIENTS} clients for ${SECONDS} s`, async () => {
    const db = api.db.company('co_demotrust');
    const date = dateInZone(DEFAULT_TIME_ZONE);
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const line = (p: (typeof PARTIES)[number], amount: number): PostingLine => ({ ...p, accountId: 'OWNFUNDS', amount, description: 'race' });
    const counts = { posted: 0, refused: 0, failed: [] as string[], negativeSeen: [] as string[] };
    const deadline = Date.now() + SECONDS * 1000;

    const post = async (draft: TxnDraft) => {
      try {
        await db.transaction().execute((trx) => postTxn(trx, 'RACER', draft));
        counts.posted++;
      } catch (e) {
        if ((e as { status?: number }).status === 409) counts.refused++;
        else counts.failed.push(String((e as Error).message));
      }
    };
    const client = async () => {
      while (Date.now() < deadline) {
        const p = pick(PARTIES);
        // A party's whole balance, read a moment before, is then claimed twice at once (a payment
        // and a journal): only the row locks stop both from spending the same dollars.
        const whole = await trustBalance(db, p.entity, p.entity.startsWith('OWN') ? p.door : undefined);
        if (whole < 0) counts.negativeSeen.push(`${p.entity} ${p.door ?? ''} ${whole}`);
        if (whole <= 0 || Math.random() < 0.3) {
          const cents = 100 + Math.floor(Math.random() * 5_000);
          await post({ kind: 'RECEIPT', date, memo: 'race receipt', postings: [line(p, cents)], cashbook: [{ date, method: 'EFT', amount: cents }] });
          continue;
        }
        await Promise.all([
          post({ kind: 'PAYMENT', date, memo: 'race payment', postings: [line(p, -whole)], cashbook: [{ date, method: 'EFT', amount: -whole }] }),
          post({ kind: 'JOURNAL', date, memo: 'race journal', postings: [line(p, -whole), line(pick(PARTIES), whole)], cashbook: [] }),
        ]);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));

    expect(counts.failed).toEqual([]);
    expect(counts.negativeSeen).toEqual([]);
    expect(counts.posted).toBeGreaterThan(50);
    expect(counts.refused).toBeGreaterThan(0);
    console.log(`concurrent posting: ${counts.posted} posted, ${counts.refused} refused as overdraws`);
    const negative = await db.selectFrom('ledger_balance').selectAll().where('balance', '<', '0').execute();
    expect(negative).toEqual([]);
    const position = await trustPosition(db);
    expect(position.cashbook).toBe(position.ledgers);
    expect(await unbalancedTxns(db)).toEqual([]);
    expect(await balanceDrift(db)).toEqual([]);
    const refs = await db.selectFrom('txn').select(['kind', 'ref']).execute();
    for (const kind of ['RECEIPT', 'PAYMENT', 'JOURNAL']) {
      const numbers = refs.filter((r) => r.kind === kind).map((r) => Number(r.ref)).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    }
    expect(refs.length).toBe(counts.posted);
  });
});
