/**
 * The light part of shared-ui, shared as its own module ('shared-ui/core'): the session, the API
 * client and start-up, the menu, and the formats. The chrome and the dashboard import only this,
 * so a first paint loads neither the list editor, the forms nor the date pickers (issue 16).
 * Everything outside these folders imports them as 'shared-ui/core', never by a relative path,
 * so that one copy (one session, one query client) serves both entries.
 */
export * from './runtime/index.js';
export * from './menu/index.js';
export * from './format/index.js';
