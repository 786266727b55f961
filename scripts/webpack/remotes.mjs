/** The front-end apps: folder, federation name and dev server port. The shell is the host. */
export const APPS = [
  { folder: 'shell', name: 'shell', port: 3000, isHost: true },
  { folder: 'mf-accounts', name: 'mf_accounts', port: 3001 },
  { folder: 'mf-transactions', name: 'mf_transactions', port: 3002 },
  { folder: 'mf-daily', name: 'mf_daily', port: 3003 },
  { folder: 'mf-setup', name: 'mf_setup', port: 3004 },
  { folder: 'mf-reports', name: 'mf_reports', port: 3005 },
  { folder: 'mf-support', name: 'mf_support', port: 3006 },
];

export const appByFolder = (folder) => APPS.find((a) => a.folder === folder);

/** The dev-time equivalent of the API's GET /mf-manifest.json: each remote on its dev server. */
export function devManifest() {
  const remotes = {};
  for (const app of APPS) if (!app.isHost) remotes[app.name] = `http://localhost:${app.port}/remoteEntry.js`;
  return { remotes };
}
