export * from './runtime/index.js';
export * from './menu/index.js';
