import type { Kysely } from 'kysely';
import { BACKUP_ITEM, type ChecklistItemView, type ChecklistSummary, type ChecklistType } from '../contracts/monthend.js';
import type { CompanyTables } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { openPeriod } from '../ledger/ledger.js';
import { unfinishedRun } from './run-record.js';

type Db = Kysely<CompanyTables>;

/** The active checklist items of month end, preliminary checks first, in their sequence. */
export async function checklistItems(db: Db): Promise<ChecklistItemView[]> {
  const rows = await db.selectFrom('checklist')
    .select(['id', 'code', 'description', 'sequence', 'link', 'tp_type', 'complete', 'notes'])
    .where('inactive', '=', false).where('code', 'in', ['MTHEND_PRE', 'MTHEND_POST'])
    .orderBy('code', 'desc').orderBy('sequence').orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), code: r.code as ChecklistType }));
}

/** Counts per type, the lock and the run state the Month End screen shows. */
export async function checklistSummary(db: Db, items: ChecklistItemView[]): Promise<ChecklistSummary> {
  const count = (type: ChecklistType) => {
    const mine = items.filter((i) => i.code === type);
    return { total: mine.length, complete: mine.filter((i) => i.complete).length };
  };
  const lock = await db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['monthend_lock_uuid', 'monthend_lock_user']).execute();
  const value = (k: string) => (lock.find((r) => r.key === k)?.value as string | null | undefined) ?? null;
  const period = await openPeriod(db);
  const run = await unfinishedRun(db);
  return {
    MTHEND_PRE: count('MTHEND_PRE'),
    MTHEND_POST: count('MTHEND_POST'),
    active: !!value('monthend_lock_uuid'),
    lock_user: value('monthend_lock_uuid') ? value('monthend_lock_user') : null,
    year: period.year,
    month: period.month,
    // A run record with no step yet only carries a disbursement approval: nothing to resume.
    resumable: !!run && run.steps.length > 0,
    steps_done: run?.steps ?? [],
  };
}

/** One item's tick (and notes when given); answers the item. */
export async function setComplete(trx: Db, id: number, complete: boolean, notes?: string | null): Promise<ChecklistItemView> {
  const row = await trx.updateTable('checklist')
    .set({ complete, ...(notes !== undefined ? { notes } : {}) })
    .where('id', '=', id).where('code', 'in', ['MTHEND_PRE', 'MTHEND_POST'])
    .returning(['id', 'code', 'description', 'sequence', 'link', 'tp_type', 'complete', 'notes'])
    .executeTakeFirst();
  if (!row) throw notFound(`Checklist item ${id} not found`);
  return { ...row, id: Number(row.id), code: row.code as ChecklistType };
}

/** The backup item of a type, if it has one (it ticks itself only after a real backup). */
export async function backupItem(db: Db, type?: ChecklistType) {
  let q = db.selectFrom('checklist').select(['id', 'complete']).where('tp_type', '=', BACKUP_ITEM).where('inactive', '=', false);
  if (type) q = q.where('code', '=', type);
  return q.executeTakeFirst();
}

/** Ticks every item of a type. */
export async function completeType(trx: Db, type: ChecklistType): Promise<void> {
  await trx.updateTable('checklist').set({ complete: true }).where('code', '=', type).where('inactive', '=', false).execute();
}

/** Unticks every month-end item (abort, and after a completed month end for the next month). */
export async function resetChecklist(trx: Db, type?: ChecklistType): Promise<void> {
  let q = trx.updateTable('checklist').set({ complete: false }).where('code', 'in', ['MTHEND_PRE', 'MTHEND_POST']);
  if (type) q = q.where('code', '=', type);
  await q.execute();
}

/** Every active preliminary check is ticked (Start needs it). */
export async function preliminaryChecksComplete(db: Db): Promise<{ ok: boolean; open: string[] }> {
  const open = await db.selectFrom('checklist').select('description').where('code', '=', 'MTHEND_PRE').where('inactive', '=', false)
    .where('complete', '=', false).orderBy('sequence').execute();
  return { ok: open.length === 0, open: open.map((o) => o.description) };
}
