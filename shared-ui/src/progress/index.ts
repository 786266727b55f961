export * from './rules.js';
export { ProgressBar, useProgress, type ProgressHandle, type UseProgressOptions } from './useProgress.js';
