import { expect, signInToDashboard, test } from './fixtures.js';

test('React and Fluent are downloaded once on a page that mounted two remotes', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await signInToDashboard(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Management', exact: true }).click();
  await page.getByRole('link', { name: 'Banks', exact: true }).click();
  await expect(page).toHaveURL(/\/management\/setup\/banks$/);
  await expect(page.locator('#oa-slot-mf-setup')).not.toBeEmpty();

  expect(scripts.filter((s) => s.endsWith('/remoteEntry.js')).sort()).toEqual(['/remotes/mf-accounts/remoteEntry.js', '/remotes/mf-setup/remoteEntry.js']);
  const count = (pattern: RegExp) => scripts.filter((s) => pattern.test(s)).length;
  expect(count(/node_modules_react_index_js/)).toBe(1);
  expect(count(/node_modules_react-dom_client_js/)).toBe(1);
  // Fluent is shared package by package: its provider and tabster stand for the rest.
  expect(count(/fluentui_react-provider_lib_index_js/)).toBe(1);
  expect(count(/tabster_dist_esm_index_js/)).toBe(1);
  expect(count(/shared-ui_src_core_ts/)).toBe(1);
  // The whole of shared-ui (list editor, forms) loads once: the shell provides it too (preloadSharedUi).
  expect(count(/shared-ui_src_index_ts/)).toBe(1);
  // Nothing the shell provides was served from a remote's own folder.
  expect(scripts.filter((s) => s.startsWith('/remotes/') && /react-dom|react_index|react-provider_lib_index|tabster|shared-ui_src/.test(s))).toEqual([]);
});

test.describe('an unreachable area', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource|ERR_FAILED|Federation Runtime|RUNTIME-/] });

  test('shows a retry card in the main area, and Retry loads it', async ({ page }) => {
  let fail = true;
  await page.route('**/remotes/mf-daily/remoteEntry.js', (route) => (fail ? route.abort() : route.continue()));
  await signInToDashboard(page);
  await page.goto('/management/daily/banking');
  await expect(page.getByTestId('area-failure')).toContainText('The Daily area could not be loaded');
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'SUBMIT BANKING' })).toBeVisible();
  });
});
