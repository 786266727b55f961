import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { remoteOrigins } from './remote-deployments.js';
import { staticSite } from './static-site.js';

const root = mkdtempSync(join(tmpdir(), 'oa-deploy-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const deployDir = join(root, 'deployments');
const env = { DEPLOY_DIR: deployDir } as NodeJS.ProcessEnv;
const writeDeployments = (value: unknown) => {
  mkdirSync(deployDir, { recursive: true });
  writeFileSync(join(deployDir, 'remotes.json'), typeof value === 'string' ? value : JSON.stringify(value));
};
const manifest = async (site = staticSite(root, env)) => {
  const res = await site.request('/mf-manifest.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-cache');
  return res.json() as Promise<{ remotes: Record<string, string>; versions: Record<string, { version: string; sharedUi?: string }> }>;
};

// Built-in builds, and two published versions of mf-reports.
mkdirSync(join(root, 'mf-reports/dist'), { recursive: true });
writeFileSync(join(root, 'mf-reports/dist/remoteEntry.js'), '/* built-in */');
for (const version of ['1.1.22-aaaa', '1.1.22-bbbb']) {
  mkdirSync(join(deployDir, 'mf-reports', version), { recursive: true });
  writeFileSync(join(deployDir, 'mf-reports', version, 'remoteEntry.js'), `/* ${version} */`);
}
writeFileSync(join(root, 'secret.txt'), 'leaked');

describe('/mf-manifest.json and the deployment file', () => {
  it('without a deployment file, every remote is its built-in build', async () => {
    const m = await manifest();
    expect(m.remotes.mf_reports).toBe('/remotes/mf-reports/remoteEntry.js');
    expect(Object.keys(m.remotes)).toEqual(['mf_accounts', 'mf_transactions', 'mf_daily', 'mf_setup', 'mf_reports', 'mf_support']);
    expect(m.versions.mf_reports).toEqual({ version: 'built-in' });
  });

  it('follows the file as it is switched, with no restart: deploy, then rollback', async () => {
    const site = staticSite(root, env);
    writeDeployments({ remotes: { mf_reports: { version: '1.1.22-bbbb', url: '/remotes/mf-reports/v/1.1.22-bbbb/remoteEntry.js', sharedUi: '1.1.22', previous: [{ version: '1.1.22-aaaa', url: '/remotes/mf-reports/v/1.1.22-aaaa/remoteEntry.js' }] } } });
    let m = await manifest(site);
    expect(m.remotes.mf_reports).toBe('/remotes/mf-reports/v/1.1.22-bbbb/remoteEntry.js');
    expect(m.versions.mf_reports).toEqual({ version: '1.1.22-bbbb', sharedUi: '1.1.22' });
    // The other remotes keep their own builds.
    expect(m.remotes.mf_setup).toBe('/remotes/mf-setup/remoteEntry.js');
    writeDeployments({ remotes: { mf_reports: { version: '1.1.22-aaaa', url: '/remotes/mf-reports/v/1.1.22-aaaa/remoteEntry.js', previous: [] } } });
    m = await manifest(site);
    expect(m.remotes.mf_reports).toBe('/remotes/mf-reports/v/1.1.22-aaaa/remoteEntry.js');
  });

  it('REMOTES_MANIFEST may hold the deployment itself, with a remote on another origin', async () => {
    const json = JSON.stringify({ remotes: { mf_daily: { version: '2.0.0-cdn', url: 'https://cdn.example.com/oa/mf-daily/2.0.0-cdn/remoteEntry.js' } } });
    const m = await manifest(staticSite(root, { ...env, REMOTES_MANIFEST: json }));
    expect(m.remotes.mf_daily).toBe('https://cdn.example.com/oa/mf-daily/2.0.0-cdn/remoteEntry.js');
  });

  it('a malformed deployment file serves the built-in builds instead of breaking every area', async () => {
    writeDeployments('{ not json');
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...a: unknown[]) => errors.push(a);
    try {
      expect((await manifest()).remotes.mf_reports).toBe('/remotes/mf-reports/remoteEntry.js');
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

describe('published versions', () => {
  const site = staticSite(root, env);
  it('are served from their folder and cached for good, the built-in build revalidated', async () => {
    const res = await site.request('/remotes/mf-reports/v/1.1.22-aaaa/remoteEntry.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('/* 1.1.22-aaaa */');
    expect(res.headers.get('Cache-Control')).toContain('immutable');
    const builtIn = await site.request('/remotes/mf-reports/remoteEntry.js');
    expect(await builtIn.text()).toBe('/* built-in */');
    expect(builtIn.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('never leave the deployment folder, nor serve an unknown remote or version', async () => {
    for (const path of ['/remotes/mf-reports/v/1.1.22-cccc/remoteEntry.js', '/remotes/mf-nope/v/1.1.22-aaaa/remoteEntry.js', '/remotes/mf-reports/v/..%2F..%2F..%2Fsecret.txt/x', '/remotes/mf-reports/v/1.1.22-aaaa/..%2F..%2F..%2F..%2Fsecret.txt']) {
      const res = await site.request(path);
      expect(await res.text(), path).not.toMatch(/leaked/);
    }
  });

  it('REMOTE_ORIGINS admits another origin to the Content-Security-Policy, and nothing malformed', async () => {
    expect(remoteOrigins({ REMOTE_ORIGINS: 'https://cdn.example.com, javascript:alert(1), https://x.test/path' })).toEqual(['https://cdn.example.com']);
    const res = await staticSite(root, { ...env, REMOTES_MANIFEST: '{"remotes":{}}', REMOTE_ORIGINS: 'https://cdn.example.com' }).request('/mf-manifest.json');
    expect(res.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' https:\/\/cdn\.example\.com/);
  });
});
