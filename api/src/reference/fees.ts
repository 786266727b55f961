import type { Kysely } from 'kysely';
import { ALL_LETTINGS, type FeeInput, feeContract } from '../contracts/reference.js';
import { jsonb } from '../db/open.js';
import type { AppDeps } from '../deps.js';
import { badRequest } from '../http/errors.js';
import { fromHundredths, toHundredths } from '../money/cents.js';
import { referenceResource } from './resource.js';
import { assertReferencesExist } from './rules.js';

/** Every class a fee applies to must exist ('*' stands for all holiday lettings). */
async function assertUnitClassesExist(db: Kysely<any>, applyTo: string[]) {
  const ids = applyTo.filter((id) => id !== ALL_LETTINGS);
  if (!ids.length) return;
  const found = new Set((await db.selectFrom('unit_class').select('id').where('id', 'in', ids).execute()).map((r) => r.id as string));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    const msg = `Unknown Letting Type ${missing.join(', ')}`;
    throw badRequest(msg, { errors: [{ path: 'apply_to', msg }] });
  }
}

/**
 * Fees and charges. The value is a percentage (method P) or dollars (method V); both have two
 * decimals and are kept as hundredths, so one column serves both without floating point.
 */
export const feeRoutes = (deps: AppDeps) =>
  referenceResource<FeeInput>(deps, {
    label: 'Fee',
    table: 'fee',
    key: 'id',
    keyKind: 'serial',
    schema: feeContract,
    toRow: (input) => ({ ...input, apply_to: jsonb(input.apply_to), value: toHundredths(input.value) }),
    toView: (row) => ({
      id: row.id, name: row.name, account_id: row.account_id, account_name: row.account_name ?? null, method: row.method,
      apply_to: row.apply_to, value: fromHundredths(row.value as string), frequency: row.frequency, entity: row.entity,
      entity_name: row.entity_name ?? null, apply_before_other_fees: row.apply_before_other_fees, show_on_statement: row.show_on_statement,
      is_default: row.is_default, apply_to_booking: row.apply_to_booking, apply_to_rental: row.apply_to_rental, inactive: row.inactive,
    }),
    access: 'p_mgt',
    orderBy: 'name',
    searchColumns: ['name', 'account_id', 'account.description', 'entity'],
    withNames: (q) => q
      .leftJoin('account', 'account.id', 'fee.account_id')
      .leftJoin('entity', 'entity.code', 'fee.entity')
      .select(['account.description as account_name', 'entity.name as entity_name']),
    check: async (db, row, _existing, input) => {
      await assertReferencesExist(db, [
        { field: 'account_id', value: row.account_id, table: 'account', column: 'id', message: `Account ${String(row.account_id)} does not exist` },
        { field: 'entity', value: row.entity, table: 'entity', column: 'code', message: `Entity ${String(row.entity)} does not exist` },
      ]);
      await assertUnitClassesExist(db, input.apply_to);
    },
  });
