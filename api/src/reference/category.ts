import { type CategoryInput, categoryContract } from '../contracts/reference.js';
import type { AppDeps } from '../deps.js';
import { referenceResource, referencedBy } from './resource.js';

export const categoryRoutes = (deps: AppDeps) =>
  referenceResource<CategoryInput>(deps, {
    label: 'Category',
    table: 'category',
    key: 'code',
    keyKind: 'code',
    schema: categoryContract,
    toRow: (input) => ({ ...input }),
    toView: (row) => ({ code: row.code, name: row.name, type: row.type, inactive: row.inactive }),
    access: 'p_mgt',
    orderBy: 'code',
    searchColumns: ['code', 'name', 'type'],
    inUse: (db, key) => referencedBy(db, 'entity', 'category', key, 'entity'),
  });
