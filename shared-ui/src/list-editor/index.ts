export * from './types.js';
export * from './rules.js';
export * from './period.js';
export { ListEditor, listQueryKey } from './ListEditor.js';
export { ListTable, columnsAt, useViewportWidth, type ListTableProps } from './ListTable.js';
export { RecordEditor, recordPaths, TOAST_TIMEOUT, type RecordEditorProps } from './RecordEditor.js';
export { usePageSize, navigateTo } from './settings.js';
