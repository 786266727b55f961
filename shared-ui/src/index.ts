export * from 'shared-ui/core';
// Outside the core: the area page's tabs are not needed by the dashboard's first paint.
export * from './area-page/index.js';
export * from './list-editor/index.js';
export * from './fields/index.js';
export * from './pickers/index.js';
export * from './progress/index.js';
export * from './balances/index.js';
export * from './charges-update/index.js';
export * from './entity-editor/index.js';
export * from './sync/index.js';
export * from './files/index.js';
export * from './email/index.js';
