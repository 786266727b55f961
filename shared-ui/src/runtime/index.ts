export * from './session.js';
export * from './api.js';
export * from './query-client.js';
export * from './notify.js';
export * from './startup.js';
export * from './main-slot.js';
export * from './remote-root.js';
