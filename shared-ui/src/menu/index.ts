export * from './route-map.js';
export * from './visible-menu.js';
export * from './breadcrumbs.js';
export * from './pinned.js';
export * from './route-cards.js';
