/**
 * shared-ui's core: the session and API client, the menu, formatting, the list table and the
 * small widgets every screen shows. The editors live in their own entry points (shared-ui/fields,
 * shared-ui/pickers, shared-ui/list-editor, shared-ui/entity-editor, shared-ui/email,
 * shared-ui/charges-update), each shared once across the remotes as its own singleton, so a page
 * that shows no editor (the signed-in dashboard) does not download them (issue 16).
 */
export * from './runtime/index.js';
export * from './menu/index.js';
export * from './format/index.js';
export * from './list-editor/types.js';
export * from './list-editor/rules.js';
export * from './list-editor/period.js';
export { ListTable, columnsAt, useViewportWidth, type ListTableProps } from './list-editor/ListTable.js';
export { usePageSize, useCurrentMonth, navigateTo } from './list-editor/settings.js';
export * from './progress/index.js';
export * from './balances/index.js';
export * from './sync/index.js';
export * from './files/index.js';
