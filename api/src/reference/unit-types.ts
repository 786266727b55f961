import { type UnitTypeInput, unitTypeContract } from '../contracts/reference.js';
import type { AppDeps } from '../deps.js';
import { toCents, toDollars } from '../money/cents.js';
import { referenceResource } from './resource.js';
import { assertReferencesExist, referencedBy } from './rules.js';

/** Unit types; the annual budget is whole dollars on screen and cents in the database. */
export const unitTypeRoutes = (deps: AppDeps) =>
  referenceResource<UnitTypeInput>(deps, {
    label: 'Unit type',
    table: 'unit_type',
    key: 'id',
    keyKind: 'code',
    schema: unitTypeContract,
    toRow: (input) => ({ ...input, annual_budget: toCents(input.annual_budget) }),
    toView: (row) => ({
      id: row.id, name: row.name, default_unit_class: row.default_unit_class,
      annual_budget: toDollars(row.annual_budget as string), gpid: row.gpid, inactive: row.inactive,
    }),
    access: 'p_mgt',
    orderBy: 'id',
    searchColumns: ['id', 'name'],
    check: (db, row) => assertReferencesExist(db, [
      { field: 'default_unit_class', value: row.default_unit_class, table: 'unit_class', column: 'id', message: `Unit Class ${String(row.default_unit_class)} does not exist` },
    ]),
    inUse: (db, key) => referencedBy(db, 'unit', 'unittype', key, 'unit'),
  });
