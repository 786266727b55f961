import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code. Money is bigint cents; percentages with two
// decimals are integer hundredths; GST rates are whole percents.
export async function up(db: Kysely<any>): Promise<void> {
  const inactive = (t: any) => t.addColumn('inactive', 'boolean', (c: any) => c.notNull().defaultTo(false));

  await db.schema.createTable('control_setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .execute();
  await inactive(db.schema.createTable('gst_code')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rate', 'integer', (c) => c.notNull().check(sql`rate between 0 and 100`))).execute();
  await inactive(db.schema.createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gpid', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('override_type', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('override_class_code', 'text')
    .addColumn('gstcode', 'text', (c) => c.notNull().references('gst_code.code'))
    .addColumn('entity', 'text')
    .addColumn('trantype', 'integer')).execute();
  await inactive(db.schema.createTable('bank')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())).execute();
  await inactive(db.schema.createTable('category')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())).execute();
  await inactive(db.schema.createTable('card_type')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('surcharge_owner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('surcharge_payer', 'integer', (c) => c.notNull().defaultTo(0))).execute();
  await inactive(db.schema.createTable('unit_class')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())).execute();
  await inactive(db.schema.createTable('unit_type')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('default_unit_class', 'text', (c) => c.references('unit_class.id'))
    .addColumn('annual_budget', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gpid', 'text')).execute();
  await inactive(db.schema.createTable('fee')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('account.id'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('apply_to', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('frequency', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('entity', 'text')
    .addColumn('apply_before_other_fees', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_on_statement', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('apply_to_booking', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('apply_to_rental', 'boolean', (c) => c.notNull().defaultTo(false))).execute();
  await inactive(db.schema.createTable('checklist')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link', 'text')
    .addColumn('tp_type', 'text')
    .addColumn('complete', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notes', 'text')).execute();
  await inactive(db.schema.createTable('template')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))).execute();
  await inactive(db.schema.createTable('entity')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.references('category.code'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('address', 'text')
    .addColumn('town', 'text')
    .addColumn('state', 'text')
    .addColumn('postcode', 'text')
    .addColumn('phone1', 'text')
    .addColumn('phone2', 'text')
    .addColumn('abn', 'text')
    .addColumn('acn', 'text')
    .addColumn('bank', 'text')
    .addColumn('bank_account_name', 'text')
    .addColumn('bank_bsb', 'text')
    .addColumn('bank_account_number', 'text')
    .addColumn('disburse_method', 'text', (c) => c.notNull().defaultTo('EFT'))
    .addColumn('hold_this_month', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`hold_this_month >= 0`))
    .addColumn('hold_this_month_reason', 'text')
    .addColumn('hold_always', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`hold_always >= 0`))
    .addColumn('hold_always_reason', 'text')
    .addColumn('notes', 'text')
    .addColumn('statement_notes', 'text')
    .addColumn('statement_format', 'text', (c) => c.notNull().defaultTo('DET'))
    .addColumn('statement_show_pending', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('statement_show_summary', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_agent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('commission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('room_rate_has_commission_deducted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('apply_fees_to_gross', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('budget', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_release_override', 'boolean', (c) => c.notNull().defaultTo(false))).execute();
  await inactive(db.schema.createTable('unit')
    .addColumn('door', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('unittype', 'text', (c) => c.references('unit_type.id'))
    .addColumn('class', 'text', (c) => c.references('unit_class.id'))
    .addColumn('entity', 'text', (c) => c.references('entity.code'))
    .addColumn('category', 'text')
    .addColumn('gpid', 'text')
    .addColumn('notes', 'text')).execute();
  await db.schema.createTable('pinned_card')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('card_name', 'text', (c) => c.notNull())
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('pinned_card_user_card', ['user_id', 'card_name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['pinned_card', 'unit', 'entity', 'template', 'checklist', 'fee', 'unit_type', 'unit_class',
    'card_type', 'category', 'bank', 'account', 'gst_code', 'control_setting']) {
    await db.schema.dropTable(t).execute();
  }
}
