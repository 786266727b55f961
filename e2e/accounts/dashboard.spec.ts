import { apiToken, expect, signInToDashboard, test } from '../platform/fixtures.js';
import type { Page } from '@playwright/test';

/** Reads an API answer's data with the test's own token. */
async function apiData<T>(page: Page, path: string): Promise<T> {
  const { token, database } = await apiToken(page);
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A screenshot of the whole screen: the shell scrolls inside its main area, so the window is made
 * as tall as the content first. The mouse is moved off the charts (hovering one dims the others).
 */
async function shot(page: Page, width: number, name: string, content: string): Promise<void> {
  await page.mouse.move(0, 0);
  const height = await page.getByTestId(content).evaluate((el) => el.getBoundingClientRect().bottom + 200);
  await page.setViewportSize({ width, height: Math.max(900, Math.ceil(height)) });
  await page.screenshot({ path: `test-results/accounts-screens/${width}/${name}.png`, fullPage: true });
  await page.setViewportSize({ width, height: 900 });
}

const money = (dollars: number) => `$${dollars.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('dashboard shows the demo books: health, business, three-way, ledger, revenue and equality', async ({ page }) => {
  await signInToDashboard(page);
  const summary = await apiData<{ totals: { funds: number }; rows: { description: string; funds: number }[] }>(page, '/api/ledger/business/summary/?period=current');
  const threeWay = await apiData<{ balance: number; zeroBalance: boolean; recAge: number | null; cashbook: number }>(page, '/api/control/3waybalance');

  const health = page.getByTestId('health-card');
  await expect(health.getByTestId('health-critical')).toContainText('Critical Tasks');
  await expect(health.getByTestId('health-reconcile').getByRole('link')).toHaveAttribute('href', '/management/daily/reconcile');
  await expect(health.getByTestId('health-banking').getByRole('link')).toHaveAttribute('href', '/management/daily/banking');

  const business = page.getByTestId('business-card');
  await expect(business.getByRole('link', { name: 'Business Accounts' })).toHaveAttribute('href', '/accounts/business');
  await expect(business.getByTestId('business-revenue')).toHaveText(money(summary.totals.funds));
  await expect(business.getByTestId('days-remaining')).toContainText('remaining');

  // The demo books agree three ways and were never reconciled: orange (age unknown), with the balance shown.
  const threeWayCard = page.getByTestId('three-way-card');
  expect(threeWay.zeroBalance).toBe(true);
  await expect(threeWayCard).toHaveAttribute('data-tone', threeWay.recAge === null || threeWay.recAge >= 7 ? 'orange' : /.+/);
  await expect(threeWayCard.getByTestId('three-way-balance')).toHaveText(money(threeWay.balance));
  await expect(threeWayCard).toContainText(money(threeWay.cashbook));

  const ledger = page.getByTestId('business-summary-card');
  const first = summary.rows.find((r) => r.funds !== 0)!;
  await expect(ledger.getByRole('row', { name: new RegExp(first.description) })).toContainText(money(first.funds));
  await expect(ledger.getByTestId('list-totals')).toContainText(money(summary.totals.funds));

  await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('equality-chart').locator('svg').first()).toBeVisible();

  await page.getByTestId('equality-card').getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Detailed Distribution Equality View' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('equality-range')).toContainText('plus or minus');
  await expect(dialog.getByTestId('equality-type').first()).toContainText('average $');
  await expect(dialog.getByRole('button')).toHaveText(['OK']);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('three-way-card').click();
  await page.waitForURL('**/management/daily/reconcile');
});

for (const width of [1280, 768]) {
  test(`dashboard at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInToDashboard(page);
    await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('equality-chart').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('business-summary-card').getByTestId('list-totals')).toBeVisible();
    const left = await page.getByTestId('dashboard-left').boundingBox();
    const middle = await page.getByTestId('dashboard-middle').boundingBox();
    const right = await page.getByTestId('dashboard-right').boundingBox();
    if (width >= 1200) {
      // Three columns side by side.
      expect(middle!.x).toBeGreaterThanOrEqual(left!.x + left!.width);
      expect(right!.x).toBeGreaterThanOrEqual(middle!.x + middle!.width);
    } else {
      // Stacked, one under the other, without overlap.
      expect(middle!.y).toBeGreaterThanOrEqual(left!.y + left!.height);
      expect(right!.y).toBeGreaterThanOrEqual(middle!.y + middle!.height);
    }
    await shot(page, width, 'dashboard', 'dashboard-pinned');
    await page.getByTestId('equality-card').getByRole('button', { name: 'Details' }).click();
    await expect(page.getByRole('alertdialog').getByTestId('equality-type').first().locator('svg')).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `test-results/accounts-screens/${width}/dashboard-equality.png` });
  });
}
