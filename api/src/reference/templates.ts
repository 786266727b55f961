import { CONTROL_TEMPLATE_KEYS } from '../contracts/control.js';
import { type TemplateInput, templateContract } from '../contracts/reference.js';
import type { AppDeps } from '../deps.js';
import { referenceResource } from './resource.js';
import { namedBySettings } from './rules.js';

/** E-mail templates, keyed by name; a template a control setting names as default stays. */
export const templateRoutes = (deps: AppDeps) =>
  referenceResource<TemplateInput>(deps, {
    label: 'Template',
    table: 'template',
    key: 'name',
    keyKind: 'code',
    schema: templateContract,
    toRow: (input) => ({ ...input }),
    toView: (row) => ({ name: row.name, description: row.description, memo: row.memo, inactive: row.inactive }),
    access: 'p_mgt',
    orderBy: 'name',
    searchColumns: ['name', 'description'],
    inUse: (db, key) => namedBySettings(db, CONTROL_TEMPLATE_KEYS, String(key)),
  });
