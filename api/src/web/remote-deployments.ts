import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Each area (remote) ships on its own (issue 15): `npm run deploy:remote -- mf-reports` builds one
 * remote into a versioned folder (deployments/mf-reports/<version>/) and switches its entry in the
 * deployment file (deployments/remotes.json); `npm run rollback:remote -- mf-reports` switches it
 * back. The shell reads /mf-manifest.json whenever it loads an area, so neither the shell nor the
 * other remotes are rebuilt. A remote without a deployment is served from its own build folder
 * (mf-x/dist, what `npm start` builds).
 */

/** The remotes and their build folders; the manifest tells the shell where each one lives. */
export const REMOTES = ['mf-accounts', 'mf-transactions', 'mf-daily', 'mf-setup', 'mf-reports', 'mf-support'] as const;

export const federationName = (folder: string) => folder.replace('-', '_');

/** One published version of a remote. url is same-origin by default; another origin needs CORS there and REMOTE_ORIGINS here. */
export interface DeployedVersion {
  version: string;
  url: string;
  /** The shared-ui version the remote was built against: the shell refuses another major. */
  sharedUi?: string;
  deployedAt?: string;
}

export interface DeploymentEntry extends DeployedVersion {
  /** Earlier versions, newest last: rollback switches to the last one. */
  previous?: DeployedVersion[];
}

/** The deployment file: remote federation name (mf_reports) to its current version. */
export interface DeploymentFile {
  remotes: Record<string, DeploymentEntry>;
}

/** What the shell reads: the entry URL of every remote, and the version and shared-ui it was built with. */
export interface RemotesManifest {
  remotes: Record<string, string>;
  versions: Record<string, { version: string; sharedUi?: string }>;
}

/** Where the deployment file is: REMOTES_MANIFEST (a path, or the JSON itself), else <DEPLOY_DIR>/remotes.json. */
export function deploymentSource(rootDir: string, env: NodeJS.ProcessEnv = process.env): { json: string } | { file: string } {
  const given = env.REMOTES_MANIFEST?.trim();
  if (given?.startsWith('{')) return { json: given };
  if (given) return { file: resolve(given) };
  return { file: resolve(deployDir(rootDir, env), 'remotes.json') };
}

/** The folder versioned remote builds are published to (DEPLOY_DIR, default <repo>/deployments). */
export const deployDir = (rootDir: string, env: NodeJS.ProcessEnv = process.env) => resolve(rootDir, env.DEPLOY_DIR || 'deployments');

const SAFE_VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/;
export const isSafeVersion = (version: string) => SAFE_VERSION.test(version) && !version.includes('..');

/** Reads and checks the deployment file; a missing file is no deployment at all. Throws on a malformed one. */
export function readDeployments(source: { json: string } | { file: string }): DeploymentFile {
  let text: string;
  if ('json' in source) text = source.json;
  else if (!existsSync(source.file)) return { remotes: {} };
  else text = readFileSync(source.file, 'utf8');
  const parsed = JSON.parse(text) as Partial<DeploymentFile>;
  const remotes: Record<string, DeploymentEntry> = {};
  for (const [name, entry] of Object.entries(parsed.remotes ?? {})) {
    if (!entry || typeof entry.url !== 'string' || typeof entry.version !== 'string') throw new Error(`The deployment of ${name} needs a url and a version`);
    remotes[name] = entry;
  }
  return { remotes };
}

/** The built-in address of every remote (its own build folder), overridden by the deployed ones. */
export function remotesManifest(deployments: DeploymentFile): RemotesManifest {
  const remotes: Record<string, string> = {};
  const versions: RemotesManifest['versions'] = {};
  for (const folder of REMOTES) {
    const name = federationName(folder);
    const deployed = deployments.remotes[name];
    remotes[name] = deployed?.url ?? `/remotes/${folder}/remoteEntry.js`;
    versions[name] = deployed ? { version: deployed.version, ...(deployed.sharedUi ? { sharedUi: deployed.sharedUi } : {}) } : { version: 'built-in' };
  }
  return { remotes, versions };
}

/** REMOTE_ORIGINS: other origins remotes may be loaded from (comma separated), admitted by the Content-Security-Policy. */
export function remoteOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.REMOTE_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => /^https?:\/\/[^/\s;]+$/.test(o));
}
