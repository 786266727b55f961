/** Jobs of the console itself (Schema update) are kept under this key; no company code can look like it. */
export const SUPPORT_JOBS = '*SUPPORT';
export const SCHEMA_UPDATE_JOB = 'schema-update';
