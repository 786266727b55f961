export * from './runtime/index.js';
export * from './menu/index.js';
export * from './list-editor/index.js';
export * from './fields/index.js';
export * from './format/index.js';
export * from './pickers/index.js';
export * from './progress/index.js';
export * from './balances/index.js';
