import { type AccountInput, accountContract } from '../contracts/reference.js';
import { CONTROL_ACCOUNT_KEYS } from '../contracts/control.js';
import type { AppDeps } from '../deps.js';
import { referenceResource } from './resource.js';
import { assertReferencesExist, inUseReasons, namedBySettings, namedInHistory, referencedBy } from './rules.js';

/** Transaction accounts (spec 3 §2; GET /api/account/list). */
export const accountRoutes = (deps: AppDeps) =>
  referenceResource<AccountInput>(deps, {
    label: 'Account',
    table: 'account',
    key: 'id',
    keyKind: 'code',
    schema: accountContract,
    toRow: (input) => ({ ...input }),
    toView: (row) => ({
      id: row.id, gpid: row.gpid, description: row.description, type: row.type, gstcode: row.gstcode, entity: row.entity,
      override_type: row.override_type, override_class_code: row.override_class_code, trantype: row.trantype, inactive: row.inactive,
    }),
    access: 'p_mgt',
    listPath: '/list',
    orderBy: 'id',
    searchColumns: ['id', 'description', 'type'],
    check: (db, row) => assertReferencesExist(db, [
      { field: 'gstcode', value: row.gstcode, table: 'gst_code', column: 'code', message: 'GST Code must be selected' },
      { field: 'entity', value: row.entity, table: 'entity', column: 'code', message: `Entity ${String(row.entity)} does not exist` },
      { field: 'override_class_code', value: row.override_class_code, table: 'unit_class', column: 'id', message: `Unit Class ${String(row.override_class_code)} does not exist` },
    ]),
    inUse: (db, key) => inUseReasons([
      referencedBy(db, 'fee', 'account_id', key, 'fee'),
      namedInHistory(db, 'posting', 'account_id', key, 'it has ledger postings'),
      namedInHistory(db, 'charge_item', 'account_id', key, 'charges use it'),
      namedBySettings(db, CONTROL_ACCOUNT_KEYS, String(key)),
    ]),
  });
