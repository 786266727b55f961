import { execFileSync } from 'node:child_process';
import { expect, signInToDashboard, test } from './fixtures.js';
import type { Page } from '@playwright/test';

/**
 * Each area ships on its own (issue 15, docs/deploy.md): a page already holding the shell picks up
 * a newly deployed mf-reports on its next navigation into Reports, without a reload and without the
 * shell or any other remote being built or fetched again; a rollback brings the earlier build back.
 */
// playwright.config.ts always sets it (a temporary folder, never the repository's deployments/).
const deployDir = process.env.E2E_DEPLOY_DIR;
if (!deployDir) throw new Error('E2E_DEPLOY_DIR is not set: run the end-to-end tests through playwright.config.ts');

function deployRemote(...args: string[]): string {
  const out = execFileSync(process.execPath, ['scripts/deploy-remote.mjs', 'mf-reports', ...args], {
    env: { ...process.env, DEPLOY_DIR: deployDir, REMOTES_MANIFEST: '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return out.trim().split('\n').at(-1)!;
}

/** In-app navigation, as a menu link does it: no page load. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}

async function reportsShown(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Balance Summary selection' })).toBeVisible({ timeout: 60_000 });
}

test('a deployed mf-reports reaches an open page on its next navigation into Reports, and a rollback brings the earlier one back', async ({ page }) => {
  // The deploy builds mf-reports with webpack: minutes on a loaded two-core machine.
  test.setTimeout(900_000);
  const scripts: string[] = [];
  const bodies = new Map<string, Promise<string>>();
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script') return;
    const path = new URL(r.url()).pathname;
    scripts.push(path);
    if (path.endsWith('/remoteEntry.js')) bodies.set(path, r.text().catch(() => ''));
  });

  await signInToDashboard(page);
  await navigate(page, '/reports/accounts/balances');
  await reportsShown(page);
  expect(scripts).toContain('/remotes/mf-reports/remoteEntry.js');
  await navigate(page, '/dashboard');
  await expect(page.locator('#oa-slot-mf-accounts')).not.toBeEmpty();

  // A changed mf-reports (its label heads its files), built and published alone.
  const label = `e2e-${Date.now()}`;
  const version = deployRemote('--label', label);
  expect(version).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{12}$/);
  const manifest = await (await page.request.get('/mf-manifest.json')).json();
  expect(manifest.remotes.mf_reports).toBe(`/remotes/mf-reports/v/${version}/remoteEntry.js`);
  expect(manifest.remotes.mf_setup).toBe('/remotes/mf-setup/remoteEntry.js');

  const before = scripts.length;
  await navigate(page, '/reports/accounts/balances');
  await reportsShown(page);
  const fetched = scripts.slice(before);
  const entry = `/remotes/mf-reports/v/${version}/remoteEntry.js`;
  expect(fetched).toContain(entry);
  expect(await bodies.get(entry)).toContain(label);
  // Only the new version's own files: not the shell, no other remote, nothing shared.
  expect(fetched.filter((s) => !s.startsWith(`/remotes/mf-reports/v/${version}/`))).toEqual([]);

  // Rolled back (to the built-in build, there being no earlier deployment here).
  await navigate(page, '/dashboard');
  await expect(page.locator('#oa-slot-mf-accounts')).not.toBeEmpty();
  expect(deployRemote('--rollback')).toBe('built-in');
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await navigate(page, '/reports/accounts/balances');
  await reportsShown(page);
  expect(requested).toContain('/remotes/mf-reports/remoteEntry.js');
  expect(requested.filter((p) => p.startsWith('/remotes/') && !p.startsWith('/remotes/mf-reports/'))).toEqual([]);

  // React, React DOM and Fluent were downloaded once throughout.
  const count = (pattern: RegExp) => scripts.filter((s) => pattern.test(s)).length;
  expect(count(/node_modules_react_index_js/)).toBe(1);
  expect(count(/node_modules_react-dom_client_js/)).toBe(1);
  expect(count(/fluentui_react-provider_lib_index_js/)).toBe(1);
  expect(count(/tabster_dist_esm_index_js/)).toBe(1);
});

test('a remote built against another shared-ui major shows its card, and the other areas keep working', async ({ page }) => {
  // The manifest as a deployment of such a build would give it (the server's own file is left alone).
  await page.route('**/mf-manifest.json', async (route) => {
    const response = await route.fetch();
    const manifest = await response.json();
    manifest.versions = { ...manifest.versions, mf_reports: { version: '3.0.0-incompatible', sharedUi: '3.0.0' } };
    await route.fulfill({ response, json: manifest });
  });
  await signInToDashboard(page);
  await navigate(page, '/reports/accounts/balances');
  const card = page.getByTestId('area-failure');
  await expect(card).toContainText('The Reports area could not be loaded');
  await expect(card).toContainText(/built for shared-ui 3\.0\.0.*The other areas keep working/);
  await navigate(page, '/management/setup/banks');
  await expect(page.locator('#oa-slot-mf-setup')).not.toBeEmpty();
  await expect(card).toHaveCount(0);
});
