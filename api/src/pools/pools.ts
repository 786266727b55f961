import type { Kysely } from 'kysely';
import type { PoolMember, PoolMembersInput, PoolReleaseRequest, PoolReleaseRow } from '../contracts/pools.js';
import type { CompanyTables } from '../db/schema.js';
import { pendingTotals } from '../disbursement/rows.js';
import { ApiError, notFound } from '../http/errors.js';
import { releaseDate } from '../charges/release.js';
import { postTxns } from '../ledger/ledger.js';
import type { TxnDraft } from '../ledger/posting-rules.js';
import { formatCents, toCents, toDollars } from '../money/cents.js';
import { DEFAULT_POOL_BASIS, POOL_BASES, type PoolBasis, type PoolFigures, type PoolMemberShare, memberProblems, poolBalance, poolDisburse, releaseShares } from './shares.js';

type Db = Kysely<CompanyTables>;

export const POOL_MESSAGES = {
  disabled: 'Owner pools are not enabled (Control Settings → Display → Enable owner pools)',
  released: (n: number, total: number) => `${n} pool${n === 1 ? '' : 's'} released: ${formatCents(total)} to members`,
} as const;

/** Pools are offered only when Control Settings' enable_pools is on (spec 3 §3 'Control settings'). */
export async function assertPoolsEnabled(db: Db): Promise<void> {
  const row = await db.selectFrom('control_setting').select('value').where('key', '=', 'enable_pools').executeTakeFirst();
  if (row?.value !== true) throw new ApiError(409, POOL_MESSAGES.disabled);
}

interface PoolRecord {
  code: string;
  name: string;
  basis: PoolBasis;
  members: (PoolMemberShare & { name: string; door: string | null })[];
}

const basisOf = (v: string | null | undefined): PoolBasis => (POOL_BASES as readonly string[]).includes(v ?? '') ? (v as PoolBasis) : DEFAULT_POOL_BASIS;

/**
 * Pools with their members and each member's weights: units are the member's active units whose
 * pool_owner is the pool, nights those units' days_in_pool; door is the first of them, where the
 * member's share is posted (none: the owner's ledger without a door).
 */
export async function readPools(db: Db, codes?: string[]): Promise<PoolRecord[]> {
  let q = db.selectFrom('entity').leftJoin('owner_pool', 'owner_pool.code', 'entity.code')
    .select(['entity.code', 'entity.name', 'owner_pool.basis']).where('entity.type', '=', 'POOL').orderBy('entity.code');
  if (codes) q = q.where('entity.code', 'in', codes.length ? codes : ['']);
  const pools = await q.execute();
  if (!pools.length) return [];
  const poolCodes = pools.map((p) => p.code);
  const [members, units] = await Promise.all([
    db.selectFrom('owner_pool_member').innerJoin('entity', 'entity.code', 'owner_pool_member.entity')
      .select(['owner_pool_member.pool', 'owner_pool_member.entity', 'owner_pool_member.percent_bp', 'entity.name'])
      .where('owner_pool_member.pool', 'in', poolCodes).orderBy('owner_pool_member.entity').execute(),
    db.selectFrom('unit').select(['door', 'entity', 'pool_owner', 'days_in_pool'])
      .where('pool_owner', 'in', poolCodes).where('inactive', '=', false).orderBy('door').execute(),
  ]);
  return pools.map((p) => ({
    code: p.code,
    name: p.name,
    basis: basisOf(p.basis),
    members: members.filter((m) => m.pool === p.code).map((m) => {
      const own = units.filter((u) => u.pool_owner === p.code && u.entity === m.entity);
      return {
        entity: m.entity,
        name: m.name,
        units: own.length,
        nights: own.reduce((a, u) => a + Number(u.days_in_pool), 0),
        percentBp: Number(m.percent_bp),
        door: own[0]?.door ?? null,
      };
    }),
  }));
}

/** Each pool's figures in cents: trust funds, holds and pending charges. */
async function poolFigures(db: Db, codes: string[]): Promise<Map<string, PoolFigures>> {
  if (!codes.length) return new Map();
  const [balances, holds, pending] = await Promise.all([
    db.selectFrom('ledger_balance').select(['entity', 'balance']).where('entity', 'in', codes).execute(),
    db.selectFrom('entity').select(['code', 'hold_always', 'hold_this_month']).where('code', 'in', codes).execute(),
    pendingTotals(db, codes),
  ]);
  return new Map(codes.map((code) => [code, {
    funds: balances.filter((b) => b.entity === code).reduce((a, b) => a + Number(b.balance), 0),
    holdAlways: Number(holds.find((h) => h.code === code)?.hold_always ?? 0),
    holdThisMonth: Number(holds.find((h) => h.code === code)?.hold_this_month ?? 0),
    charges: pending.filter((p) => p.entity === code).reduce((a, p) => a + Number(p.total), 0),
  }]));
}

function memberShares(pool: PoolRecord, disburse: number): number[] {
  if (disburse <= 0 || !pool.members.length) return pool.members.map(() => 0);
  try {
    return releaseShares(pool.basis, pool.members, disburse).map((s) => s.amount);
  } catch {
    // No member has a share above 0 under the basis: nothing can be released (the row says 0).
    return pool.members.map(() => 0);
  }
}

/** What a pool releases now: 0 without members who share, else poolDisburse. */
const releasable = (pool: PoolRecord, f: PoolFigures) => (memberShares(pool, poolDisburse(f)).some((s) => s > 0) && !memberProblems(pool.basis, pool.members).length ? poolDisburse(f) : 0);

const memberWire = (m: PoolRecord['members'][number], share: number): PoolMember => ({
  entity: m.entity, name: m.name, units: m.units, nights: m.nights, percent: m.percentBp / 100, share: toDollars(share),
});

/** GET /api/control/poolrelease: every pool with its figures and members (spec 3 §3 'Pool release row'). */
export async function poolReleaseRows(db: Db): Promise<PoolReleaseRow[]> {
  const pools = await readPools(db);
  const figures = await poolFigures(db, pools.map((p) => p.code));
  return pools.map((p) => {
    const f = figures.get(p.code)!;
    const disburse = releasable(p, f);
    const shares = memberShares(p, disburse);
    return {
      id: p.code, code: p.code, type: 'POOL', name: p.name, basis: p.basis,
      funds: toDollars(f.funds), hold_always: toDollars(f.holdAlways), hold_this_month: toDollars(f.holdThisMonth),
      charges: toDollars(f.charges), balance: toDollars(poolBalance(f)), disburse: toDollars(disburse),
      members: p.members.map((m, i) => memberWire(m, shares[i]!)),
    };
  });
}

/** GET /api/pool/{code}: the pool's basis and members. */
export async function readPool(db: Db, code: string): Promise<{ code: string; basis: PoolBasis; members: PoolMember[] }> {
  const [pool] = await readPools(db, [code]);
  if (!pool) throw notFound(`Pool ${code} not found`);
  return { code: pool.code, basis: pool.basis, members: pool.members.map((m) => memberWire(m, 0)) };
}

/** PUT /api/pool/{code}: replaces the basis and members in the caller's transaction. */
export async function savePool(trx: Db, code: string, input: PoolMembersInput): Promise<void> {
  const pool = await trx.selectFrom('entity').select(['code', 'type']).where('code', '=', code).executeTakeFirst();
  if (!pool || pool.type !== 'POOL') throw notFound(`Pool ${code} not found`);
  const codes = input.members.map((m) => m.entity);
  const owners = codes.length ? await trx.selectFrom('entity').select(['code', 'type']).where('code', 'in', codes).execute() : [];
  const errors = input.members.flatMap((m, i) => (owners.find((o) => o.code === m.entity)?.type === 'OWNER' ? [] : [{ path: `members.${i}.entity`, msg: `${m.entity} is not an owner` }]));
  if (errors.length) throw new ApiError(400, errors[0]!.msg, { errors });
  const shares = input.members.map((m) => ({ entity: m.entity, units: 0, nights: 0, percentBp: toCents(m.percent) }));
  const problems = memberProblems(input.basis, shares);
  if (problems.length) throw new ApiError(400, problems[0]!, { errors: problems.map((msg) => ({ path: 'members', msg })) });
  await trx.insertInto('owner_pool').values({ code, basis: input.basis }).onConflict((oc) => oc.column('code').doUpdateSet({ basis: input.basis })).execute();
  await trx.deleteFrom('owner_pool_member').where('pool', '=', code).execute();
  if (shares.length) await trx.insertInto('owner_pool_member').values(shares.map((s) => ({ pool: code, entity: s.entity, percent_bp: s.percentBp }))).execute();
}

/**
 * POST /api/control/poolrelease in the caller's transaction: each pool is recomputed from its
 * balances (the amounts sent are never trusted: a pool with charges, a difference or nothing to
 * release refuses the whole call, naming every pool), then one JOURNAL per pool moves its release
 * from the pool to its members through the one writer, which locks the balances and refuses an
 * overdraw. Members get their pro-rata share on their first pool unit's door.
 */
export async function postPoolRelease(trx: Db, userId: string, request: PoolReleaseRequest): Promise<{ pools: number; total: number; refs: string[] }> {
  const codes = [...new Set(request.map((r) => r.pool.entity))];
  if (codes.length !== request.length) throw new ApiError(400, 'A pool appears twice in the release');
  const pools = await readPools(trx, codes);
  const figures = await poolFigures(trx, pools.map((p) => p.code));
  const ownerAccount = (await trx.selectFrom('control_setting').select('value').where('key', '=', 'owner_account').executeTakeFirst())?.value;
  const accountId = typeof ownerAccount === 'string' && ownerAccount ? ownerAccount : 'OWNFUNDS';
  const date = await releaseDate(trx);
  const refusals: string[] = [];
  const drafts: TxnDraft[] = [];
  let total = 0;
  for (const sent of request) {
    const pool = pools.find((p) => p.code === sent.pool.entity);
    if (!pool) { refusals.push(`${sent.pool.entity}: not a pool`); continue; }
    const f = figures.get(pool.code)!;
    if (f.charges > 0) { refusals.push(`${pool.code}: has unreleased charges of ${formatCents(f.charges)}; release them first`); continue; }
    const amount = releasable(pool, f);
    if (amount <= 0) { refusals.push(`${pool.code}: nothing to release`); continue; }
    if (toCents(sent.pool.amount) !== amount) {
      refusals.push(`${pool.code}: the amount sent (${formatCents(toCents(sent.pool.amount))}) differs from what can be released now (${formatCents(amount)}); refresh the list`);
      continue;
    }
    const shares = memberShares(pool, amount);
    drafts.push({
      kind: 'JOURNAL', date, memo: `Pool release ${pool.code}`, source: 'POOL', sourceRef: pool.code, cashbook: [],
      postings: [
        { entity: pool.code, door: null, accountId, amount: -amount, description: `Pool release to ${pool.members.length} members` },
        ...pool.members.flatMap((m, i) => (shares[i]! > 0 ? [{ entity: m.entity, door: m.door, accountId, amount: shares[i]!, description: `Pool ${pool.code} release` }] : [])),
      ],
    });
    total += amount;
  }
  if (refusals.length) throw new ApiError(409, refusals.join('; '), { refusals });
  const posted = await postTxns(trx, userId, drafts);
  return { pools: drafts.length, total, refs: posted.map((p) => p.ref) };
}
