import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LifeCycles } from 'single-spa';
import { AREAS } from './areas.js';
import { sharedUiMismatch, swappable } from './load-area.js';

const reports = AREAS.find((a) => a.name === 'mf_reports')!;

describe('sharedUiMismatch', () => {
  it('lets a remote built against the same shared-ui major, or of unknown build, mount', () => {
    expect(sharedUiMismatch(reports, '1.4.0', '1.1.22')).toBeNull();
    expect(sharedUiMismatch(reports, undefined, '1.1.22')).toBeNull();
  });

  it('refuses another major with a message that says what to do', () => {
    expect(sharedUiMismatch(reports, '2.0.0', '1.1.22')).toMatch(/Reports area was built for shared-ui 2\.0\.0.*provides shared-ui 1\.1\.22.*1\.x.*rolled back.*other areas keep working/);
  });
});

describe('swappable', () => {
  afterEach(() => vi.unstubAllGlobals());
  const lifecycles = (log: string[], tag: string): LifeCycles => ({
    bootstrap: async () => void log.push(`${tag} bootstrap`),
    mount: async () => void log.push(`${tag} mount`),
    unmount: async () => void log.push(`${tag} unmount`),
  });
  const serve = (entry: string) =>
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ remotes: { mf_reports: entry } }), { status: 200 })));

  it('mounts the version already loaded while the manifest keeps its entry, and the new one after a deploy', async () => {
    const log: string[] = [];
    // The loader stands in for loadArea: it remembers nothing, so every changed entry loads.
    const load = vi.fn(async () => lifecycles(log, 'v2'));
    const area = swappable(reports, lifecycles(log, 'v1'), load);
    const props = { name: 'mf_reports', singleSpa: {}, mountParcel: () => undefined } as never;
    serve('/remotes/mf-reports/v/2/remoteEntry.js');
    await (area.bootstrap as (p: unknown) => Promise<void>)(props);
    await (area.mount as (p: unknown) => Promise<void>)(props);
    await (area.unmount as (p: unknown) => Promise<void>)(props);
    expect(load).toHaveBeenCalledTimes(1);
    expect(log).toEqual(['v1 bootstrap', 'v2 bootstrap', 'v2 mount', 'v2 unmount']);
  });

  it('stays on the loaded version when the new one cannot be loaded', async () => {
    const log: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const area = swappable(reports, lifecycles(log, 'v1'), async () => Promise.reject(new Error('offline')));
    serve('/remotes/mf-reports/v/3/remoteEntry.js');
    await (area.mount as (p: unknown) => Promise<void>)({});
    expect(log).toEqual(['v1 mount']);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/stays on the version already loaded: offline/));
    warn.mockRestore();
  });
});
