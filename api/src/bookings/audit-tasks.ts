import type { Kysely } from 'kysely';
import type { Finding } from '../audit/checks.js';
import type { CompanyTables } from '../db/schema.js';

/**
 * Audit tasks with source SYNC (spec 3 §4 'Tasks and audit'): every booking the last sync could
 * not bring in cleanly; its link_key is the booking's id, so the task's action re-syncs it
 * (POST /api/booking/sync/{link_key}).
 */
export async function bookingSyncFindings(db: Kysely<CompanyTables>): Promise<Finding[]> {
  const rows = await db.selectFrom('booking').select(['id', 'ref', 'message', 'error']).where((eb) => eb.or([eb('error', '=', true), eb('warn', '=', true)])).orderBy('ref').limit(1000).execute();
  return rows.map((r) => ({
    type: r.error ? 'IMPORTANT' : 'WARNING',
    description: `Booking ${r.ref}: ${r.message ?? 'Attention Required'}`,
    source: 'SYNC',
    link_path: '/bookings',
    link_key: r.id,
    memo: null,
  }));
}
