import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../companies/companies.js';
import { schemaNameFor } from '../db/open.js';
import type { ApiError } from '../http/errors.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { postTxn } from './ledger.js';
import type { TxnDraft } from './posting-rules.js';
import { balanceDrift, trustPosition, unbalancedTxns } from './trust-position.js';

/**
 * Random sequences of receipts, payments, journals and reversals are posted through the ledger
 * module and, independently, applied to a small reference model of the balances. After every
 * step the database must agree with the model and satisfy every invariant of design/ledger.md.
 */
type Party = { entity: string; door: string | null };
type Op =
  | { kind: 'receipt'; to: Party; cents: number }
  | { kind: 'payment'; from: Party; cents: number }
  | { kind: 'journal'; from: Party; to: Party; cents: number }
  | { kind: 'reverse'; pick: number; reason: string };

const PARTIES: Party[] = [
  { entity: 'OWNA', door: 'A1' },
  { entity: 'OWNA', door: 'A2' },
  { entity: 'OWNA', door: null },
  { entity: 'OWNB', door: 'B1' },
  { entity: 'SUPX', door: null },
  { entity: 'BUSINESS', door: null },
];
const isOwner = (entity: string) => entity.startsWith('OWN');
const rowKey = (p: Party) => `${p.entity}/${isOwner(p.entity) && p.door ? p.door : ''}`;

const party = fc.constantFrom(...PARTIES);
const cents = fc.integer({ min: 1, max: 50_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('receipt' as const), to: party, cents }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('payment' as const), from: party, cents }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('journal' as const), from: party, to: party, cents }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), reason: fc.constantFrom('Entered against the wrong owner', 'short') }) },
);

/** The reference model: balances per row, and the posted txns with their lines. */
class Model {
  balances = new Map<string, number>();
  posted: { id: number; lines: { key: string; entity: string; amount: number }[]; reversible: boolean }[] = [];
  refs = new Map<string, number>();

  /** Applies lines unless a lowered row or party total would end below zero; true when applied. */
  apply(lines: { key: string; entity: string; amount: number }[], allowOverdraw: boolean): boolean {
    const next = new Map(this.balances);
    const totalChange = new Map<string, number>();
    for (const l of lines) {
      next.set(l.key, (next.get(l.key) ?? 0) + l.amount);
      totalChange.set(l.entity, (totalChange.get(l.entity) ?? 0) + l.amount);
    }
    if (!allowOverdraw) {
      const rowChange = new Map<string, number>();
      for (const l of lines) rowChange.set(l.key, (rowChange.get(l.key) ?? 0) + l.amount);
      for (const [key, change] of rowChange) if (!key.endsWith('/') && change < 0 && next.get(key)! < 0) return false;
      for (const [entity, change] of totalChange) {
        const total = [...next].filter(([k]) => k.startsWith(`${entity}/`)).reduce((a, [, v]) => a + v, 0);
        if (change < 0 && total < 0) return false;
      }
    }
    this.balances = next;
    return true;
  }
}

let api: TestApi;
let run = 0;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function freshCompany() {
  const code = `PROP${String(++run).padStart(4, '0')}`;
  await createCompany(api.db, { code, companyName: `Property test ${run}`, year: 2026, month: 11 });
  const db = api.db.company(schemaNameFor(code));
  const entity = (code: string, type: string) => ({
    code, type, name: code, disburse_method: 'EFT', hold_this_month: 0, hold_always: 0, statement_format: 'DET',
    statement_show_pending: true, statement_show_summary: true, is_agent: false, commission: 0,
    room_rate_has_commission_deducted: false, apply_fees_to_gross: false, budget: 0, charge_release_override: false,
  });
  await db.insertInto('entity').values([entity('OWNA', 'OWNER'), entity('OWNB', 'OWNER'), entity('SUPX', 'SUPPLIER')]).execute();
  await db.insertInto('unit').values([
    { door: 'A1', name: 'Unit A1', entity: 'OWNA' },
    { door: 'A2', name: 'Unit A2', entity: 'OWNA' },
    { door: 'B1', name: 'Unit B1', entity: 'OWNB' },
  ]).execute();
  return db;
}

const line = (p: Party, amount: number) => ({ entity: p.entity, door: p.door, accountId: 'OWNFUNDS', amount, description: 'property test' });
const DATE = '2026-11-15';

describe('ledger module against a reference model', () => {
  it('keeps balances, bank equality, immutability and gapless numbers under random operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
        const db = await freshCompany();
        const model = new Model();
        for (const o of ops) {
          let draft: TxnDraft;
          let lines: { key: string; entity: string; amount: number }[];
          let allowOverdraw = false;
          if (o.kind === 'receipt') {
            draft = { kind: 'RECEIPT', date: DATE, memo: 'r', postings: [line(o.to, o.cents)], cashbook: [{ date: DATE, method: 'EFT', amount: o.cents }] };
            lines = [{ key: rowKey(o.to), entity: o.to.entity, amount: o.cents }];
          } else if (o.kind === 'payment') {
            draft = { kind: 'PAYMENT', date: DATE, memo: 'p', postings: [line(o.from, -o.cents)], cashbook: [{ date: DATE, method: 'EFT', amount: -o.cents }] };
            lines = [{ key: rowKey(o.from), entity: o.from.entity, amount: -o.cents }];
          } else if (o.kind === 'journal') {
            draft = { kind: 'JOURNAL', date: DATE, memo: 'j', postings: [line(o.from, -o.cents), line(o.to, o.cents)], cashbook: [] };
            lines = [{ key: rowKey(o.from), entity: o.from.entity, amount: -o.cents }, { key: rowKey(o.to), entity: o.to.entity, amount: o.cents }];
          } else {
            const candidates = model.posted.filter((p) => p.reversible);
            if (!candidates.length) continue;
            const target = candidates[o.pick % candidates.length]!;
            const original = await db.selectFrom('posting').selectAll().where('txn_id', '=', String(target.id)).execute();
            const cash = await db.selectFrom('cashbook').selectAll().where('txn_id', '=', String(target.id)).execute();
            draft = {
              kind: 'REVERSAL', date: DATE, memo: 'rev', reversalOf: target.id, reason: o.reason,
              postings: original.map((p) => ({ entity: p.entity, door: p.door, accountId: p.account_id, amount: -Number(p.amount), description: 'reversal' })),
              cashbook: cash.map((c) => ({ date: DATE, method: c.method as 'EFT', amount: -Number(c.amount) })),
            };
            lines = target.lines.map((l) => ({ ...l, amount: -l.amount }));
            allowOverdraw = true;
            if (o.reason.length < 10) {
              await expect(db.transaction().execute((trx) => postTxn(trx, 'TEST', draft, { allowOverdraw }))).rejects.toMatchObject({ status: 400 });
              continue;
            }
            target.reversible = false;
          }
          const accepted = model.apply(lines, allowOverdraw);
          let posted: { id: number; ref: string; kind: string } | null = null;
          try {
            posted = await db.transaction().execute((trx) => postTxn(trx, 'TEST', draft, { allowOverdraw }));
          } catch (e) {
            expect((e as ApiError).status, (e as Error).message).toBe(409);
            expect((e as Error).message).toMatch(/OVERDRAWN ACCOUNTS NOTICE!/);
          }
          expect(posted !== null).toBe(accepted);
          if (posted) {
            model.refs.set(posted.kind, (model.refs.get(posted.kind) ?? 0) + 1);
            expect(posted.ref).toBe(String(model.refs.get(posted.kind)));
            if (draft.kind !== 'REVERSAL') model.posted.push({ id: posted.id, lines, reversible: true });
          }
          await checkInvariants(db, model);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('refuses to update or delete posted history in the database itself', async () => {
    const db = await freshCompany();
    const posted = await db.transaction().execute((trx) =>
      postTxn(trx, 'TEST', { kind: 'RECEIPT', date: DATE, memo: 'r', postings: [line(PARTIES[0]!, 500)], cashbook: [{ date: DATE, method: 'CASH', amount: 500 }] }));
    await expect(db.updateTable('posting').set({ amount: 1 }).where('txn_id', '=', String(posted.id)).execute()).rejects.toThrow(/immutable/);
    await expect(db.deleteFrom('cashbook').where('txn_id', '=', String(posted.id)).execute()).rejects.toThrow(/immutable/);
    await expect(db.updateTable('txn').set({ memo: 'edited' }).where('id', '=', String(posted.id)).execute()).rejects.toThrow(/immutable/);
  });

  it('refuses unbalanced drafts, closed and unopened periods, unknown parties and foreign doors, writing nothing', async () => {
    const db = await freshCompany();
    const attempt = (draft: Partial<TxnDraft>) =>
      db.transaction().execute((trx) => postTxn(trx, 'TEST', { kind: 'RECEIPT', date: DATE, memo: 'x', postings: [line(PARTIES[0]!, 100)], cashbook: [{ date: DATE, method: 'CASH', amount: 100 }], ...draft }));
    await expect(attempt({ cashbook: [{ date: DATE, method: 'CASH', amount: 99 }] })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/does not balance/) });
    await expect(attempt({ date: '2026-10-31' })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/closed/) });
    await expect(attempt({ date: '2026-12-01' })).rejects.toMatchObject({ status: 409, message: 'The period of 2026-12-01 is not open yet: postings must be dated on or before 2026-11-30 until month end opens the next month' });
    await expect(attempt({ kind: 'JOURNAL', date: '2027-03-01', postings: [line(PARTIES[0]!, 100), line(PARTIES[1]!, -100)], cashbook: [] })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/not open yet/) });
    await expect(attempt({ postings: [{ ...line(PARTIES[0]!, 100), entity: 'NOBODY' }] })).rejects.toMatchObject({ status: 400, message: 'Unknown party: NOBODY' });
    await expect(attempt({ postings: [{ ...line(PARTIES[0]!, 100), door: 'B1' }] })).rejects.toMatchObject({ status: 400, message: 'Door B1 does not belong to owner OWNA' });
    await expect(attempt({ postings: [line(PARTIES[0]!, 100.5)], cashbook: [{ date: DATE, method: 'CASH', amount: 100.5 }] })).rejects.toMatchObject({ status: 400 });
    expect(await db.selectFrom('txn').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('ledger_balance').selectAll().where('balance', '<>', '0').execute()).toEqual([]);
    const seq = await db.selectFrom('number_sequence').select('last_value').where('kind', '=', 'RECEIPT').executeTakeFirstOrThrow();
    expect(Number(seq.last_value)).toBe(0);
  });
});

async function checkInvariants(db: Awaited<ReturnType<typeof freshCompany>>, model: Model) {
  // The database agrees with the model, row by row.
  const rows = await db.selectFrom('ledger_balance').selectAll().execute();
  const actual = new Map(rows.filter((r) => Number(r.balance) !== 0).map((r) => [`${r.entity}/${r.door}`, Number(r.balance)]));
  const expected = new Map([...model.balances].filter(([, v]) => v !== 0));
  expect(actual).toEqual(expected);
  // Every txn balances against the bank, so cashbook = sum of ledgers; balances equal their postings.
  const position = await trustPosition(db);
  expect(position.cashbook).toBe(position.ledgers);
  expect(await unbalancedTxns(db)).toEqual([]);
  expect(await balanceDrift(db)).toEqual([]);
  // Numbers are gapless and unique per kind.
  const refs = await db.selectFrom('txn').select(['kind', 'ref']).execute();
  for (const [kind, count] of model.refs) {
    const got = refs.filter((r) => r.kind === kind).map((r) => Number(r.ref)).sort((a, b) => a - b);
    expect(got).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  }
}
