import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPayment } from '../cashbook/post.js';
import { createCharge } from '../charges/charges.js';
import { paymentContract } from '../contracts/cashbook.js';
import { chargeContract } from '../contracts/charges.js';
import { journalContract } from '../contracts/journals.js';
import type { MonthEndResult } from '../contracts/monthend.js';
import type { CompanyTables } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { postJournal } from '../journals/journals.js';
import { openPeriod, postTxn } from '../ledger/ledger.js';
import { ownerStatements } from '../statements/owner.js';
import { balancesFromTrialBalance, hledgerBalances, journalFromExports, parseExportCsv, textCents } from '../testing/hledger.js';
import { monthEndCompany } from '../testing/monthend.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

/**
 * Issue 10 'Proof', a model of month end: a random month of receipts, charges, owner payments and
 * journals between doors (each through its real domain function; what the ledger refuses, an
 * overdraw, is simply not done), then month end through the API. Whatever the month held:
 * every owner's closing balance is the next month's opening, each statement's closing is its
 * ledger in the trial balance, the ABA file pays exactly the disbursement's EFT payments (in sum
 * and per payee), and hledger reading the exports finds the trial balance, before and after.
 */
type Db = Kysely<CompanyTables>;
type Door = { entity: 'OWNSMITH' | 'OWNJONES'; door: '101' | '102' | '201' };
const DOORS: Door[] = [{ entity: 'OWNSMITH', door: '101' }, { entity: 'OWNSMITH', door: '102' }, { entity: 'OWNJONES', door: '201' }];
type Op =
  | { kind: 'receipt'; to: Door | 'SUPCLEAN' | 'SUPPLUMB'; cents: number; day: number }
  | { kind: 'charge'; from: Door; to: 'SUPCLEAN' | 'BUSINESS'; cents: number; day: number }
  | { kind: 'payment'; from: Door; cents: number; day: number }
  | { kind: 'journal'; from: Door; to: Door; cents: number; day: number };

const cents = fc.integer({ min: 1, max: 90_000 });
const day = fc.integer({ min: 1, max: 28 });
const door = fc.constantFrom(...DOORS);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('receipt' as const), to: fc.constantFrom<Door | 'SUPCLEAN' | 'SUPPLUMB'>(...DOORS, 'SUPCLEAN', 'SUPPLUMB'), cents, day }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('charge' as const), from: door, to: fc.constantFrom('SUPCLEAN' as const, 'BUSINESS' as const), cents, day }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payment' as const), from: door, cents, day }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('journal' as const), from: door, to: door, cents, day }) },
);

let api: TestApi;
let runs = 0;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.close());

/** A refusal of the ledger (overdraw, a journal within one door) is part of a random month; anything else is a failure. */
async function attempt(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (e) {
    if (!(e instanceof ApiError) || e.status >= 500) throw e;
  }
}

async function apply(db: Db, o: Op, month: string, today: number): Promise<void> {
  const date = `${month}-${String(Math.min(o.day, today)).padStart(2, '0')}`;
  const money = o.cents / 100;
  switch (o.kind) {
    case 'receipt': {
      const to = typeof o.to === 'string' ? { entity: o.to, door: null } : o.to;
      return attempt(() => db.transaction().execute((trx) => postTxn(trx, 'TEST', {
        kind: 'RECEIPT', date, memo: 'Guest payment', postings: [{ ...to, accountId: 'OWNFUNDS', amount: o.cents, description: 'Room charges' }],
        cashbook: [{ date, method: 'EFT', amount: o.cents, payer: 'A Guest' }],
      })));
    }
    case 'charge': {
      const values = chargeContract.parse({
        date, payer_type: 'OWNER', entity: o.from.entity, door: o.from.door, recipient_type: o.to === 'BUSINESS' ? 'BUSINESS' : 'SUPPLIER', recipient: o.to,
        memo: 'Cleaning', name: 'Cleaning', items: [{ account_id: 'CLEAN', description: 'Cleaning', amount: money }],
      });
      return attempt(() => db.transaction().execute((trx) => createCharge(trx, 'TEST', values)));
    }
    case 'payment': {
      const values = paymentContract.parse({ date, payer_type: 'OWNER', payer_entity: o.from.entity, door: o.from.door, method: 'EFT', amount: money, memo: 'Owner drawing' });
      return attempt(() => db.transaction().execute((trx) => postPayment(trx, 'TEST', values)));
    }
    case 'journal': {
      const values = journalContract.parse({
        date, memo: 'Transfer between doors', items: [
          { entity: o.from.entity, door: o.from.door, account_id: 'OWNFUNDS', description: 'Transfer out', debit: money },
          { entity: o.to.entity, door: o.to.door, account_id: 'OWNFUNDS', description: 'Transfer in', credit: money },
        ],
      });
      return attempt(() => db.transaction().execute((trx) => postJournal(trx, 'TEST', values)));
    }
  }
}

/**
 * The ABA file's credit records as `BSB account cents`, its credit total, and its one debit record
 * (the trust account's, balancing the file).
 */
function abaPayments(aba: string | null): { payments: string[]; credits: number; debits: number[] } {
  const details = (aba ?? '').split('\r\n').filter((l) => l.startsWith('1'));
  const record = (l: string) => `${l.slice(1, 8)} ${l.slice(8, 17).trim()} ${Number(l.slice(20, 30))}`;
  const total = (aba ?? '').split('\r\n').find((l) => l.startsWith('7'));
  return {
    payments: details.filter((l) => l.slice(18, 20) === '50').map(record).sort(),
    credits: total ? Number(total.slice(30, 40)) : 0,
    debits: details.filter((l) => l.slice(18, 20) === '13').map((l) => Number(l.slice(20, 30))),
  };
}

describe('month end on random months', () => {
  it('ties statements, next openings, the ABA file and hledger to the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 24 }), async (ops) => {
        const code = `MEPROP${String(++runs).padStart(2, '0')}`;
        const db = await monthEndCompany(api.db, code, api.config.adminUser);
        const closed = await openPeriod(db);
        const today = Math.min(new Date().getDate(), 28);
        for (const o of ops) await apply(db, o, closed.first.slice(0, 7), today);
        const call = async (method: string, path: string, body?: unknown) => {
          const res = await api.call(method, path, { database: code, body });
          expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
          return res.body;
        };
        const text = async (path: string) => String(await call('GET', path));
        /** The trial balance at `date` from our export, and hledger's reading of the postings and cash lines up to it. */
        const booksAt = async (date: string) => {
          const journal = journalFromExports(await text(`/api/ledger/postings?from=2000-01-01&to=${date}`), await text(`/api/ledger/cashlines?from=2000-01-01&to=${date}`));
          const trialCsv = await text(`/api/ledger/trialbalance?date=${date}&format=csv`);
          const trial = balancesFromTrialBalance(trialCsv);
          expect(journal.sums).toEqual(trial);
          const next = new Date(`${date}T00:00:00Z`);
          next.setUTCDate(next.getUTCDate() + 1);
          const read = hledgerBalances(journal.journal, next.toISOString().slice(0, 10));
          if (read) expect(read.balances).toEqual(trial);
          return parseExportCsv(trialCsv);
        };
        await booksAt(closed.last);

        await call('PUT', '/api/checklist/complete', { type: 'MTHEND_PRE' });
        await call('POST', '/api/monthend/start');
        const result = (await call('POST', '/api/monthend?wait=true')).data as MonthEndResult;
        const opened = await openPeriod(db);
        expect(opened.first > closed.last).toBe(true);

        // Each owner's statement closes on its ledger in the trial balance, and the next month opens there.
        const trial = await booksAt(closed.last);
        await booksAt(opened.last);
        const statements = await ownerStatements(db, closed.year, closed.month);
        const next = new Map((await ownerStatements(db, opened.year, opened.month)).map((s) => [s.code, s]));
        expect(statements.map((s) => s.code)).toEqual(['OWNJONES', 'OWNSMITH']);
        expect(result.reports.statements).toBe(statements.length);
        for (const s of statements) {
          const ledger = trial.filter((r) => r.type === 'OWNER' && r.code === s.code).reduce((a, r) => a + textCents(r.balance!), 0);
          expect(s.closing, s.code).toBe(ledger);
          expect(s.opening + s.lines.reduce((a, l) => a + l.amount, 0), s.code).toBe(s.closing);
          expect(next.get(s.code)?.opening, s.code).toBe(s.closing);
        }

        // The ABA file pays exactly the EFT payments the disbursement posted: per payee and in sum.
        const paid = await db.selectFrom('txn as t').innerJoin('cashbook as c', 'c.txn_id', 't.id').innerJoin('entity as e', 'e.code', 't.source_ref')
          .select(['e.bank_bsb', 'e.bank_account_number', 'c.amount', 'c.method']).where('t.kind', '=', 'DISBURSE').execute();
        const eft = paid.filter((p) => p.method === 'EFT');
        const file = abaPayments(result.aba);
        expect(file.payments).toEqual(eft.map((p) => `${p.bank_bsb} ${p.bank_account_number} ${Math.abs(Number(p.amount))}`).sort());
        const eftTotal = eft.reduce((a, p) => a + Math.abs(Number(p.amount)), 0);
        expect(file.credits).toBe(eftTotal);
        expect(file.debits).toEqual(eftTotal ? [eftTotal] : []);
        expect(Math.round(result.disbursed * 100)).toBe(paid.reduce((a, p) => a + Math.abs(Number(p.amount)), 0));
      }),
      { numRuns: 4, seed: 20261126 },
    );
  }, 120_000);
});
