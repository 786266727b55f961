import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import * as controlInitial from '../../migrations/control/20261121T1500_control.js';
import * as controlJobs from '../../migrations/control/20261125T1000_jobs.js';
import * as controlUserMembership from '../../migrations/control/20261125T1300_user_membership.js';
import * as controlUserSessions from '../../migrations/control/20261125T1310_user_sessions.js';
import * as controlBackupArchive from '../../migrations/control/20261126T1300_backup_archive.js';
import * as controlLoginFailures from '../../migrations/control/20261126T1520_login_failures.js';
import * as companyReference from '../../migrations/company/20261121T1500_reference.js';
import * as companyLedger from '../../migrations/company/20261121T1600_ledger.js';
import * as companyArchive from '../../migrations/company/20261121T1730_archive.js';
import * as companyAudit from '../../migrations/company/20261122T0900_audit.js';
import * as companyCashbook from '../../migrations/company/20261122T1000_cashbook.js';
import * as companyUnits from '../../migrations/company/20261123T0900_units.js';
import * as companyBookingsSync from '../../migrations/company/20261125T1200_bookings_sync.js';
import * as companyBankStatements from '../../migrations/company/20261125T1300_daily_bankstatements.js';
import * as companyMonthEnd from '../../migrations/company/20261125T1300_monthend.js';
import * as companyReceiptVoid from '../../migrations/company/20261125T1300_receipt_void.js';
import * as companyIdempotencyKeys from '../../migrations/company/20261125T2130_idempotency_keys.js';
import * as companyReportArchive from '../../migrations/company/20261126T0900_report_archive.js';
import * as companyEmailOutbox from '../../migrations/company/20261126T1000_email_outbox.js';
import * as companyTenancies from '../../migrations/company/20261126T1100_tenancies.js';
import * as companyOwnerPools from '../../migrations/company/20261126T1200_owner_pools.js';
import * as companySnapshots from '../../migrations/company/20261126T1210_snapshots.js';
import * as companyTaxCodeSurcharge from '../../migrations/company/20261126T1400_tax_code_surcharge.js';
import * as companyUnitOwnerChange from '../../migrations/company/20261126T1530_unit_owner_change.js';
import * as companyBookingAllocationTxn from '../../migrations/company/20261127T0700_booking_allocation_txn.js';
import { CONTROL_SCHEMA } from './open.js';

/** Listed explicitly so the set of migrations is the same under tsx, vitest and any bundler. */
const controlMigrations: Record<string, Migration> = {
  '20261121T1500_control': controlInitial,
  '20261125T1000_jobs': controlJobs,
  '20261125T1300_user_membership': controlUserMembership,
  '20261125T1310_user_sessions': controlUserSessions,
  '20261126T1300_backup_archive': controlBackupArchive,
  '20261126T1520_login_failures': controlLoginFailures,
};
const companyMigrations: Record<string, Migration> = {
  '20261121T1500_reference': companyReference,
  '20261121T1600_ledger': companyLedger,
  '20261121T1730_archive': companyArchive,
  '20261122T0900_audit': companyAudit,
  '20261122T1000_cashbook': companyCashbook,
  '20261123T0900_units': companyUnits,
  '20261125T1200_bookings_sync': companyBookingsSync,
  '20261125T1300_daily_bankstatements': companyBankStatements,
  '20261125T1300_monthend': companyMonthEnd,
  '20261125T1300_receipt_void': companyReceiptVoid,
  '20261125T2130_idempotency_keys': companyIdempotencyKeys,
  '20261126T0900_report_archive': companyReportArchive,
  '20261126T1000_email_outbox': companyEmailOutbox,
  '20261126T1100_tenancies': companyTenancies,
  '20261126T1200_owner_pools': companyOwnerPools,
  '20261126T1210_snapshots': companySnapshots,
  '20261126T1400_tax_code_surcharge': companyTaxCodeSurcharge,
  '20261126T1530_unit_owner_change': companyUnitOwnerChange,
  '20261127T0700_booking_allocation_txn': companyBookingAllocationTxn,
};

const provider = (migrations: Record<string, Migration>): MigrationProvider => ({
  getMigrations: async () => migrations,
});

/**
 * Brings a schema to `target` (a migration name; the latest when absent) and answers the names it
 * applied. A restore loads a backup into the schema at the backup's own version, then migrates on.
 */
async function migrateSchema(root: Kysely<any>, schema: string, migrations: Record<string, Migration>, target?: string): Promise<string[]> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(root);
  // withSchema does not qualify foreign-key references or raw SQL, so the migrations run on one
  // connection whose search_path is the target schema, reset before the connection is reused.
  return root.connection().execute(async (conn) => {
    await sql`set search_path to ${sql.id(schema)}`.execute(conn);
    try {
      const migrator = new Migrator({ db: conn.withSchema(schema), provider: provider(migrations), migrationTableSchema: schema });
      const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName;
        throw new Error(`Migration ${failed ?? ''} failed in schema ${schema}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    } finally {
      await sql`reset search_path`.execute(conn);
    }
  });
}

export const migrateControl = (root: Kysely<any>) => migrateSchema(root, CONTROL_SCHEMA, controlMigrations);
export const migrateCompany = (root: Kysely<any>, schema: string, target?: string) => migrateSchema(root, schema, companyMigrations, target);
/** The company migrations this build knows, oldest first: a backup names the ones its schema had. */
export const COMPANY_MIGRATIONS: readonly string[] = Object.keys(companyMigrations).sort();
