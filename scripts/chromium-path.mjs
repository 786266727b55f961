import { existsSync } from 'node:fs';

/**
 * The Chromium the end-to-end tests and the bench drive: CHROMIUM_PATH, else Debian's browser
 * itself rather than its /usr/bin/chromium launcher, whose default flags (/etc/chromium.d) force
 * GPU rasterization, done in software here: the launcher cost a third more CPU per test on two cores.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium');
