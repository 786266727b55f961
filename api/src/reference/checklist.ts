import { type ChecklistInput, checklistContract } from '../contracts/reference.js';
import type { AppDeps } from '../deps.js';
import { referenceResource } from './resource.js';

/**
 * Month-end checklist items. complete and notes are the month-end run's working state and
 * tp_type marks system items; they are answered but not edited here.
 */
export const checklistRoutes = (deps: AppDeps) =>
  referenceResource<ChecklistInput>(deps, {
    label: 'Checklist item',
    table: 'checklist',
    key: 'id',
    keyKind: 'serial',
    schema: checklistContract,
    toRow: (input) => ({ ...input }),
    toView: (row) => ({
      id: row.id, code: row.code, description: row.description, sequence: row.sequence, link: row.link,
      tp_type: row.tp_type, complete: row.complete, notes: row.notes, inactive: row.inactive,
    }),
    access: 'p_mgt',
    orderBy: 'sequence',
    searchColumns: ['code', 'description', 'link'],
    listAlias: 'list',
  });
