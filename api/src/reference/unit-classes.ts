import { type UnitClassInput, unitClassContract } from '../contracts/reference.js';
import type { AppDeps } from '../deps.js';
import { referenceResource } from './resource.js';
import { inUseReasons, listedIn, referencedBy } from './rules.js';

/** Unit classes (letting types): named by unit types, units, account overrides and fees. */
export const unitClassRoutes = (deps: AppDeps) =>
  referenceResource<UnitClassInput>(deps, {
    label: 'Unit class',
    table: 'unit_class',
    key: 'id',
    keyKind: 'code',
    schema: unitClassContract,
    toRow: (input) => ({ ...input }),
    toView: (row) => ({ id: row.id, name: row.name, inactive: row.inactive }),
    access: 'p_mgt',
    orderBy: 'id',
    searchColumns: ['id', 'name'],
    inUse: (db, key) => inUseReasons([
      referencedBy(db, 'unit_type', 'default_unit_class', key, 'unit type'),
      referencedBy(db, 'unit', 'class', key, 'unit'),
      referencedBy(db, 'account', 'override_class_code', key, 'account'),
      listedIn(db, 'fee', 'apply_to', String(key), 'fee'),
    ]),
  });
