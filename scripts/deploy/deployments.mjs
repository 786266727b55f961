/**
 * The deployment file's changes, kept pure so they are tested apart from webpack and the disk
 * (deployments.test.mjs). The file's shape is api/src/web/remote-deployments.ts's DeploymentFile:
 * { remotes: { mf_reports: { version, url, sharedUi, deployedAt, previous: [...] } } }.
 */

/** How many earlier versions a remote keeps for rollback. */
export const KEEP_PREVIOUS = 10;

const strip = ({ previous: _previous, ...version }) => version;

/**
 * Makes `release` the current version of remote `name`; the one it replaces goes on the rollback
 * stack. Deploying the current version again changes nothing.
 * @returns {{ state: object, changed: boolean }}
 */
export function deploy(state, name, release) {
  const remotes = { ...(state.remotes ?? {}) };
  const current = remotes[name];
  if (current && current.version === release.version && current.url === release.url) return { state: { ...state, remotes }, changed: false };
  const previous = current ? [...(current.previous ?? []), strip(current)].slice(-KEEP_PREVIOUS) : [];
  remotes[name] = { ...release, previous };
  return { state: { ...state, remotes }, changed: true };
}

/**
 * Switches remote `name` back to the version before the current one; with none left, the remote
 * goes back to its built-in build (its own dist folder, what `npm start` builds).
 * @returns {{ state: object, from: string | null, to: string | null }} to is null for the built-in build.
 */
export function rollback(state, name) {
  const remotes = { ...(state.remotes ?? {}) };
  const current = remotes[name];
  if (!current) throw new Error(`${name} has no deployed version to roll back: it already runs its built-in build`);
  const previous = [...(current.previous ?? [])];
  const back = previous.pop();
  if (back) remotes[name] = { ...back, previous };
  else delete remotes[name];
  return { state: { ...state, remotes }, from: current.version, to: back ? back.version : null };
}
