export { ListEditor, listQueryKey } from './ListEditor.js';
export { RecordEditor, recordPaths, TOAST_TIMEOUT, type RecordEditorProps } from './RecordEditor.js';
