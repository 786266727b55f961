import { type BankInput, bankContract } from '../contracts/reference.js';
import type { AppDeps } from '../deps.js';
import { referenceResource, referencedBy } from './resource.js';

export const bankRoutes = (deps: AppDeps) =>
  referenceResource<BankInput>(deps, {
    label: 'Bank',
    table: 'bank',
    key: 'id',
    keyKind: 'code',
    schema: bankContract,
    toRow: (input) => ({ ...input }),
    toView: (row) => ({ id: row.id, name: row.name, inactive: row.inactive }),
    access: 'p_mgt',
    orderBy: 'id',
    searchColumns: ['id', 'name'],
    inUse: (db, key) => referencedBy(db, 'entity', 'bank', key, 'entity'),
  });
