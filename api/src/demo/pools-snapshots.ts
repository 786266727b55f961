import { type Kysely, sql } from 'kysely';
import { entityDefaults } from '../companies/starter-books.js';
import { jsonb } from '../db/open.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod, postTxn } from '../ledger/ledger.js';
import { savePool } from '../pools/pools.js';
import { importSnapshot } from '../snapshots/snapshots.js';
import { prng } from './random.js';

type Db = Kysely<CompanyTables>;

export const DEMO_POOL = { code: 'POOLRESORT', name: 'Resort Letting Pool' };

export interface DemoPoolsSummary {
  poolMembers: number;
  poolFunds: number;
  /** Transactions posted (the pool's income). */
  receipts: number;
  snapshotYears: number[];
}

/**
 * Issue 14 on the demo company, made through the same functions as the screens:
 * - owner pools switched on, and one pool (POOLRESORT) of six units whose owners share it by
 *   units (the default basis); the pool holds this month's shared-facility income, so Release
 *   Pool Funds has money to release;
 * - two calendar years of snapshots before the books' current year, imported as the CSV a
 *   newcomer would upload: each business account's monthly average in the books, scaled for the
 *   season and a little less each year back. Months the books hold still come from the ledger.
 */
export async function poolsAndSnapshotsDemo(db: Db, seed = 14): Promise<DemoPoolsSummary> {
  const r = prng(seed);
  const open = await openPeriod(db);
  await db.updateTable('control_setting').set({ value: jsonb(true) }).where('key', '=', 'enable_pools').execute();

  await db.insertInto('entity').values({ ...entityDefaults, code: DEMO_POOL.code, type: 'POOL', category: 'POOLS', name: DEMO_POOL.name, state: 'QLD', postcode: '4567', email: 'pool@seaside.example' }).execute();
  const units = await db.selectFrom('unit').select(['door', 'entity']).where('entity', 'is not', null).orderBy('door').limit(6).execute();
  for (const u of units) await db.updateTable('unit').set({ pool_owner: DEMO_POOL.code, days_in_pool: r.int(180, 365) }).where('door', '=', u.door).execute();
  const owners = [...new Set(units.map((u) => u.entity!))];
  await db.transaction().execute((trx) => savePool(trx, DEMO_POOL.code, { basis: 'UNITS', members: owners.map((entity) => ({ entity, percent: 0 })) }));
  const funds = r.int(180_000, 320_000);
  await db.transaction().execute((trx) => postTxn(trx, 'ADMIN', {
    kind: 'RECEIPT', date: open.first, memo: 'Resort pool: shared facilities hire', source: 'MANUAL',
    postings: [{ entity: DEMO_POOL.code, door: null, accountId: 'OWNFUNDS', amount: funds, description: 'Shared facilities hire' }],
    cashbook: [{ date: open.first, method: 'EFT', amount: funds, payer: 'Resort facilities' }],
  }));

  const averages = await db.selectFrom('posting as p').innerJoin('txn as t', 't.id', 'p.txn_id')
    .select((eb) => ['p.account_id', eb.fn.sum<string>('p.amount').as('total'), sql<string>`count(distinct ${eb.ref('t.year')} * 100 + ${eb.ref('t.month')})`.as('months')])
    .where('p.entity', '=', 'BUSINESS').where('t.kind', 'not in', ['PAYMENT', 'DISBURSE'])
    .groupBy('p.account_id').orderBy('p.account_id').execute();
  const accounts = averages.map((a) => ({ id: a.account_id, monthly: Number(a.total) / Math.max(1, Number(a.months)) })).filter((a) => a.monthly > 0);
  const years = [open.year - 2, open.year - 1];
  // Holiday letting peaks in summer (December, January) and the school holidays.
  const season = [1.35, 1.2, 0.95, 1.05, 0.8, 0.75, 1.0, 0.85, 0.9, 1.05, 1.0, 1.3];
  for (const [k, year] of years.entries()) {
    const scale = k === 0 ? 0.82 : 0.91;
    // Only past months: the year before the open one ends before the open month when that is January.
    const months = Array.from({ length: 12 }, (_, i) => i + 1).filter((m) => year * 12 + m < open.year * 12 + open.month);
    const lines = [
      `Account,${months.map(() => year).join(',')}`,
      `Month,${months.join(',')}`,
      ...accounts.map((a) => `${a.id},${months.map((m) => ((Math.round(a.monthly * scale * season[m - 1]! * (0.9 + r.next() * 0.2))) / 100).toFixed(2)).join(',')}`),
    ];
    if (accounts.length && months.length) await db.transaction().execute((trx) => importSnapshot(trx, lines));
  }
  return { poolMembers: owners.length, poolFunds: funds, receipts: 1, snapshotYears: years };
}
