import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import type { Area } from './areas.js';

interface Manifest {
  remotes: Record<string, string>;
}

let manifest: Promise<Manifest> | null = null;

/** Remote addresses come from the server at run time, so an area redeploys without the shell. */
function readManifest(): Promise<Manifest> {
  manifest ??= fetch('/mf-manifest.json', { headers: { Accept: 'application/json' } }).then((r) => {
    if (!r.ok) throw new Error(`The module manifest could not be read (HTTP ${r.status})`);
    return r.json() as Promise<Manifest>;
  });
  // A failed read is retried on the next load instead of being remembered.
  manifest.catch(() => (manifest = null));
  return manifest;
}

/**
 * Loads an area's single-spa lifecycles. Registering the remote only now keeps every remote
 * off the first page load; force re-registers after a failed attempt so Retry fetches again.
 */
export async function loadArea(area: Area, retry = false): Promise<LifeCycles> {
  const { remotes } = await readManifest();
  const entry = remotes[area.name];
  if (!entry) throw new Error(`The module manifest has no entry for ${area.name}`);
  registerRemotes([{ name: area.name, entry }], { force: retry });
  const lifecycles = await loadRemote<LifeCycles>(`${area.name}/app`);
  if (!lifecycles) throw new Error(`${area.name}/app could not be loaded`);
  return lifecycles;
}
