import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import type { Area } from './areas.js';

/** /mf-manifest.json: each remote's entry address, and the version and shared-ui it was built with (docs/deploy.md). */
export interface Manifest {
  remotes: Record<string, string>;
  versions?: Record<string, { version: string; sharedUi?: string }>;
}

/** The shared-ui this shell was built with (webpack DefinePlugin); a remote built against another major is refused. */
declare const __SHARED_UI_VERSION__: string | undefined;
const shellSharedUi = (): string | undefined => (typeof __SHARED_UI_VERSION__ === 'string' ? __SHARED_UI_VERSION__ : undefined);

const major = (version: string) => version.split('.')[0];

/** Null when the remote can share this shell's shared-ui singleton; else the card's message. */
export function sharedUiMismatch(area: Area, remoteSharedUi: string | undefined, shellVersion: string | undefined = shellSharedUi()): string | null {
  if (!remoteSharedUi || !shellVersion || major(remoteSharedUi) === major(shellVersion)) return null;
  return `This version of the ${area.title} area was built for shared-ui ${remoteSharedUi}, and this page provides shared-ui ${shellVersion}: it cannot be shown until a version built for shared-ui ${major(shellVersion)}.x is deployed or it is rolled back. The other areas keep working.`;
}

let inFlight: Promise<Manifest> | null = null;

/**
 * Remote addresses come from the server at run time, so an area redeploys without the shell. The
 * manifest is read afresh for every load (it is small and never cached), so a deploy or a rollback
 * reaches a page already open on its next navigation into that area.
 */
export function readManifest(): Promise<Manifest> {
  inFlight ??= fetch('/mf-manifest.json', { headers: { Accept: 'application/json' }, cache: 'no-cache' })
    .then((r) => {
      if (!r.ok) throw new Error(`The module manifest could not be read (HTTP ${r.status})`);
      return r.json() as Promise<Manifest>;
    })
    .finally(() => (inFlight = null));
  return inFlight;
}

/** The entry each area was last loaded from. */
const loadedFrom = new Map<string, string>();

/** The entry an area was loaded from, if it was. */
export const loadedEntry = (name: string) => loadedFrom.get(name);

/**
 * Loads an area's single-spa lifecycles. Registering the remote only now keeps every remote
 * off the first page load; a new entry address (a deploy or a rollback) or a retry after a failed
 * attempt re-registers it, so the new files are fetched.
 */
export async function loadArea(area: Area, retry = false): Promise<LifeCycles> {
  const manifest = await readManifest();
  const entry = manifest.remotes[area.name];
  if (!entry) throw new Error(`The module manifest has no entry for ${area.name}`);
  const mismatch = sharedUiMismatch(area, manifest.versions?.[area.name]?.sharedUi);
  if (mismatch) throw new Error(mismatch);
  const previous = loadedFrom.get(area.name);
  registerRemotes([{ name: area.name, entry }], { force: retry || (previous !== undefined && previous !== entry) });
  const lifecycles = await loadRemote<LifeCycles>(`${area.name}/app`);
  if (!lifecycles) throw new Error(`${area.name}/app could not be loaded`);
  loadedFrom.set(area.name, entry);
  return lifecycles;
}

type Lifecycle = LifeCycles['mount'];
async function call(fn: Lifecycle, props: Parameters<Extract<Lifecycle, (...a: never[]) => unknown>>[0]): Promise<void> {
  for (const f of Array.isArray(fn) ? fn : [fn]) await f(props);
}

/**
 * An area's lifecycles as single-spa keeps them: single-spa loads an application once per page,
 * so each mount (each navigation into the area) reads the manifest and, when the area was deployed
 * or rolled back since, loads and mounts the new version instead. A new version that cannot be
 * loaded leaves the page on the one it has (the next page load shows the failure card).
 */
export function swappable(area: Area, first: LifeCycles, load: (area: Area) => Promise<LifeCycles> = loadArea): LifeCycles {
  let current = first;
  return {
    bootstrap: (props) => call(first.bootstrap, props),
    mount: async (props) => {
      try {
        const entry = (await readManifest()).remotes[area.name];
        if (entry && entry !== loadedFrom.get(area.name)) {
          const next = await load(area);
          await call(next.bootstrap, props);
          current = next;
        }
      } catch (error) {
        console.warn(`The ${area.title} area stays on the version already loaded: ${error instanceof Error ? error.message : String(error)}`);
      }
      await call(current.mount, props);
    },
    unmount: (props) => call(current.unmount, props),
  };
}
