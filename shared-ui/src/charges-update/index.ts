export * from './rules.js';
export { ChargesUpdateDialog, type ChargesUpdateDialogProps, type ChargesUpdateResult } from './ChargesUpdateDialog.js';
