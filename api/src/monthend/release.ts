import type { Kysely } from 'kysely';
import { chargeAmount } from '../charges/charges.js';
import type { ReleaseSelection } from '../charges/release.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { toDollars } from '../money/cents.js';

type Db = Kysely<CompanyTables>;

/**
 * The charges month end releases: each payer's pending charges dated up to the month's last day,
 * whole charges in date order, while the ledger the charge is taken from (payer and door) covers
 * it; a payer's release stops at the first charge its funds do not cover (spec 2 §4 'release',
 * as the disbursement row's release figure). What is left stays pending into the next month.
 */
export async function monthEndReleaseSelection(db: Db): Promise<ReleaseSelection[]> {
  const period = await openPeriod(db);
  const charges = await db.selectFrom('charge')
    .select(['charge.id', 'charge.entity', 'charge.door', 'charge.date'])
    .select((eb) => chargeAmount(eb).as('amount'))
    .where('charge.status', '=', 'PENDING').where('charge.date', '<=', period.last)
    .orderBy('charge.entity').orderBy('charge.date').orderBy('charge.id').execute();
  if (!charges.length) return [];
  const payers = [...new Set(charges.map((c) => c.entity))];
  const balances = await db.selectFrom('ledger_balance').select(['entity', 'door', 'balance']).where('entity', 'in', payers).execute();
  const room = new Map(balances.map((b) => [`${b.entity}\u0000${b.door}`, Number(b.balance)]));
  const stopped = new Set<string>();
  const selection: ReleaseSelection[] = [];
  for (const c of charges) {
    if (stopped.has(c.entity)) continue;
    const key = `${c.entity}\u0000${c.door ?? ''}`;
    const amount = Number(c.amount ?? 0);
    const left = room.get(key) ?? 0;
    if (amount <= 0 || amount > left) {
      stopped.add(c.entity);
      continue;
    }
    room.set(key, left - amount);
    selection.push({ entity: c.entity, chargeId: Number(c.id), amount: toDollars(amount) });
  }
  return selection;
}
