import type { Kysely } from 'kysely';

// Frozen: migrations never import application code.
// Snapshots (issue 14, spec 3 §2 'Snapshots', §3 'Snapshot row'): yearly account history from
// before the books began (or rebuilt from them), one amount in cents per account and month.
// The revenue chart and Business Accounts read these months where the ledger has none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('snapshot')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('snapshot_pk', ['year', 'month', 'account_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('snapshot').execute();
}
