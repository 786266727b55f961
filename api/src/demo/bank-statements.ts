import type { Kysely } from 'kysely';
import { serverDate } from '../control/settings.js';
import type { CompanyTables } from '../db/schema.js';

type Db = Kysely<CompanyTables>;

export interface DemoBankingSummary {
  deposits: number;
  reconciliations: number;
}

const lastDayOfMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
};

/**
 * The demo company's bank side, as a trust accountant would have kept it: every receipt banked
 * on its day (one deposit per day and method) and the trust account reconciled at every month
 * end and as at `through` (yesterday on first start, since a statement lags a day), each
 * statement balance being the cash lines cleared by then. Without it the demo's dashboard would
 * show a bank never banked nor reconciled. It writes only the cash book's banking tables; the
 * ledger is untouched.
 */
export async function bankAndReconcileDemo(db: Db, through: string, userId: string): Promise<DemoBankingSummary> {
  return db.transaction().execute(async (trx) => {
    const lines = await trx.selectFrom('cashbook').select(['id', 'date', 'method', 'amount']).where('date', '<=', through).orderBy('date').orderBy('id').execute();
    const deposits = new Map<string, { date: string; method: string; amount: number; ids: number[] }>();
    for (const line of lines) {
      if (Number(line.amount) <= 0) continue;
      const ref = `DEP${line.date.replace(/-/g, '')}${line.method}`;
      const deposit = deposits.get(ref) ?? { date: line.date, method: line.method, amount: 0, ids: [] };
      deposit.amount += Number(line.amount);
      deposit.ids.push(Number(line.id));
      deposits.set(ref, deposit);
    }
    for (const [ref, d] of deposits) {
      await trx.insertInto('deposit').values({ banking_ref: ref, date: d.date, method: d.method, amount: String(d.amount), user_id: userId }).execute();
      for (let i = 0; i < d.ids.length; i += 1000) {
        await trx.insertInto('deposit_item').values(d.ids.slice(i, i + 1000).map((id) => ({ cashbook_id: String(id), banking_ref: ref }))).execute();
      }
    }

    const statementDates = [...new Set(lines.map((l) => lastDayOfMonth(l.date)).filter((d) => d < through)), through];
    let balance = 0;
    let next = 0;
    for (const [k, date] of statementDates.entries()) {
      const cleared: number[] = [];
      const starting = balance;
      for (; next < lines.length && lines[next]!.date <= date; next++) {
        balance += Number(lines[next]!.amount);
        cleared.push(Number(lines[next]!.id));
      }
      const rec = await trx
        .insertInto('reconciliation')
        .values({ ref: `REC${String(k + 1).padStart(4, '0')}`, date, starting_balance: String(starting), ending_balance: String(balance), user_id: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < cleared.length; i += 1000) {
        await trx.insertInto('reconcile_item').values(cleared.slice(i, i + 1000).map((id) => ({ cashbook_id: String(id), reconciliation_id: String(rec.id) }))).execute();
      }
    }
    return { deposits: deposits.size, reconciliations: statementDates.length };
  });
}

/** The server's calendar day before `today` (the demo books are dated in local time too). */
export function dayBefore(today: Date): string {
  return serverDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1));
}
