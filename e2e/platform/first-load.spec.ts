import { expect, test } from './fixtures.js';

/**
 * The sign-in page must stay small: no remote and not the whole of Fluent. Sizes are the bytes
 * on the wire (the server compresses), measured from the browser's resource timing.
 */
test('the sign-in page downloads no remote and under 350 KB of compressed JavaScript', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // The page has rendered; give late chunk requests a moment before reading the timings.
  await page.waitForTimeout(1000);
  const js = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.js(\?|$)/.test(e.name))
      .map((e) => ({ name: e.name, bytes: e.encodedBodySize })),
  );
  const totalKb = js.reduce((sum, e) => sum + e.bytes, 0) / 1024;
  test.info().annotations.push({ type: 'login-js-kb', description: totalKb.toFixed(1) });
  expect(requested.filter((u) => u.includes('/remotes/'))).toEqual([]);
  // Neither shared-ui nor the Fluent parts only signed-in pages use (menus, dialogs, tables).
  expect(js.filter((e) => /shared-ui_src|fluentui_react-(menu|dialog|table|toast)_lib/.test(e.name)).map((e) => e.name)).toEqual([]);
  expect(totalKb).toBeLessThan(350);
});
