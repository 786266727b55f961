import { expect, signInToDashboard, test } from './fixtures.js';

const sidebarWidth = (page: import('@playwright/test').Page) => page.locator('#oa-sidebar').evaluate((el) => el.getBoundingClientRect().width);

/** Nothing in the header or main area may start left of the sidebar's edge or run off the page. */
async function expectNoOverlap(page: import('@playwright/test').Page) {
  const boxes = await page.evaluate(() => {
    const rect = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
    return { sidebar: rect('#oa-sidebar'), header: rect('#oa-header'), main: rect('#oa-main'), width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth };
  });
  expect(boxes.header.left).toBeGreaterThanOrEqual(boxes.sidebar.right - 0.5);
  expect(boxes.main.left).toBeGreaterThanOrEqual(boxes.sidebar.right - 0.5);
  expect(boxes.main.top).toBeGreaterThanOrEqual(boxes.header.bottom - 0.5);
  expect(boxes.scrollWidth).toBeLessThanOrEqual(boxes.width);
}

test('the sidebar toggles between full, thumbs and none', async ({ page }) => {
  await signInToDashboard(page);
  await expect.poll(() => sidebarWidth(page)).toBe(220);
  await expectNoOverlap(page);
  await page.screenshot({ path: test.info().outputPath('dashboard-1280-full.png') });

  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  await toggle.click();
  await expect.poll(() => sidebarWidth(page)).toBe(74);
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'thumbs');
  await expectNoOverlap(page);
  await page.screenshot({ path: test.info().outputPath('dashboard-1280-thumbs.png') });

  await toggle.click();
  await expect.poll(() => sidebarWidth(page)).toBe(0);
  await expectNoOverlap(page);

  await toggle.click();
  await expect.poll(() => sidebarWidth(page)).toBe(220);
});

test('below 768 px the sidebar collapses by itself and the toggle still opens it', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/management');
  await expect(page.getByTestId('landing-management')).toBeVisible();
  await page.setViewportSize({ width: 767, height: 900 });
  await expect.poll(() => sidebarWidth(page)).toBe(0);
  await expectNoOverlap(page);
  await page.screenshot({ path: test.info().outputPath('management-767-collapsed.png'), fullPage: true });
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect.poll(() => sidebarWidth(page)).toBe(220);
  await page.setViewportSize({ width: 768, height: 900 });
  await expect.poll(() => sidebarWidth(page)).toBe(220);
  await expectNoOverlap(page);
  await page.screenshot({ path: test.info().outputPath('management-768-full.png'), fullPage: true });
});

test('the management and reports pages show cards per tab, and a pinned card appears on the dashboard', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/reports');
  await expect(page.getByTestId('landing-reports').getByRole('heading', { name: 'End Of Month' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reports-1280.png'), fullPage: true });
  await page.goto('/management');
  const card = page.getByTestId('route-card-/management/daily/task');
  await card.getByRole('button', { name: 'Pin to dashboard' }).click();
  await expect(card.getByRole('button', { name: 'Unpin from dashboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  const pinned = page.getByTestId('pinned-cards');
  await expect(pinned.getByRole('link', { name: 'Tasks & Audit' })).toBeVisible();
  await pinned.getByRole('link', { name: 'Tasks & Audit' }).click();
  await expect(page).toHaveURL(/\/management\/daily\/task$/);
  await expect(page.getByRole('button', { name: 'Run Audit' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('daily-task-1280.png') });
});
