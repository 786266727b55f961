export * from './rules.js';
export { ENTITY_FIELD_KINDS, ENTITY_TYPE_LABELS, useEntityEditor, type EntityEditorConfig } from './EntityEditor.js';
export { StatementView, useEntityStatement, type StatementViewProps } from './StatementView.js';
export { ChargeReleaseOverrideBlock, HoldsBlock, HOLDS_FEEDBACK_MS, PartyHoldsPanel, type PartyHoldsPanelProps } from './HoldsPanel.js';
