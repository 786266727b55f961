/** The federated areas, the folder each is served from and the route prefixes that mount it. */
export interface Area {
  /** Federation name, also the key in /mf-manifest.json. */
  name: string;
  folder: string;
  title: string;
  prefixes: string[];
}

export const AREAS: Area[] = [
  { name: 'mf_accounts', folder: 'mf-accounts', title: 'Accounts', prefixes: ['/dashboard', '/accounts', '/bookings', '/rentals'] },
  { name: 'mf_transactions', folder: 'mf-transactions', title: 'Transactions', prefixes: ['/management/transactions'] },
  { name: 'mf_daily', folder: 'mf-daily', title: 'Daily', prefixes: ['/management/daily'] },
  { name: 'mf_setup', folder: 'mf-setup', title: 'Setup', prefixes: ['/management/setup'] },
  { name: 'mf_reports', folder: 'mf-reports', title: 'Reports', prefixes: ['/reports/'] },
];

export const SUPPORT_AREA: Area = { name: 'mf_support', folder: 'mf-support', title: 'Support Console', prefixes: [] };

/** A prefix matches the path itself or anything below it ('/accounts' matches '/accounts/owners', not '/accountsx'). */
export function matchesPrefix(pathname: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export const areaForPath = (pathname: string): Area | undefined => AREAS.find((a) => a.prefixes.some((p) => matchesPrefix(pathname, p)));

/**
 * What the page shows for the stored session (spec 1 §4.2): no token, the sign-in page; a
 * SUPER or GOD user, the support console until they activate a client view; else the app.
 */
export type PageMode = 'signed-out' | 'console' | 'app';

export function pageMode(stored: { token: string | null; super: string | null; consoleActive: string | null }): PageMode {
  if (!stored.token) return 'signed-out';
  if (stored.super === 'true' && stored.consoleActive !== 'true') return 'console';
  return 'app';
}
