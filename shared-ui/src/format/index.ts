export * from './money.js';
export * from './dates.js';
export * from './status.js';
export { StatusIcon } from './StatusIcon.js';
