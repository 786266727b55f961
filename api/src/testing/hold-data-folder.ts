/**
 * A second process for the data-folder lock test: opens DATA_DIR as npm start does, says
 * "open" on stdout, and holds the folder until killed.
 */
import { exitIfFolderInUse } from '../db/data-folder-lock.js';
import { openDatabase } from '../db/open.js';

await openDatabase({ dataDir: process.env.DATA_DIR! }).catch(exitIfFolderInUse);
console.log('open');
setInterval(() => {}, 60_000);
