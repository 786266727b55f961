export { GpSyncButton } from './GpSyncButton.js';
