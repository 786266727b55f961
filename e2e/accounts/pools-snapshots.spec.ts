import type { Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from '../platform/fixtures.js';

/*
 * Issue 14 on the demo company: the owner pool (POOLRESORT) is released on Release Pool Funds, and
 * a third year of snapshots imported on Setup → Snapshots appears on the dashboard's revenue chart.
 * Screenshots of the three screens at 1280 and 768 px go to test-results/pools-snapshots/.
 */

const shot = (page: Page, width: number, name: string) => page.screenshot({ path: `test-results/pools-snapshots/${width}/${name}.png`, fullPage: true });

async function openScreen(page: Page, route: string, heading: string) {
  await page.goto(route);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table').first().getByText('Loading ....')).toHaveCount(0);
}

async function openPeriod(page: Page): Promise<{ year: number; month: number }> {
  const { token, database } = await apiToken(page);
  const res = await page.request.get('/api/control', { headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
  const data = (await res.json()).data as { current_year: number; current_month: number };
  return { year: Number(data.current_year), month: Number(data.current_month) };
}

test('owner pools: the list and its members, Release Pool Funds releases the demo pool (1280 and 768 px)', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await openScreen(page, '/accounts/pools', 'Owner Pools');
    await expect(page.getByRole('table', { name: 'Owner Pools' }).getByText('Resort Letting Pool')).toBeVisible();
    await page.getByRole('table', { name: 'Owner Pools' }).getByText('Resort Letting Pool').click();
    const editor = page.getByRole('alertdialog');
    await editor.getByRole('tab', { name: 'Members' }).click();
    await expect(editor.getByRole('table', { name: 'Pool members' }).getByTestId('list-row').first()).toBeVisible();
    await shot(page, width, 'owner-pool-members');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await openScreen(page, '/management/transactions/poolrelease', 'Release Pool Funds');
    await shot(page, width, 'release-pool-funds');
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const release = page.getByRole('button', { name: 'Release Funds' });
  await expect(release).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select POOLRESORT', exact: true }).check();
  await expect(page.getByTestId('pool-release-total')).not.toHaveText('Total to disburse $0.00');
  await expect(release).toBeEnabled();
  await release.click();
  await expect(page.getByTestId('pool-release-result')).toContainText('1 pool released');
  await shot(page, 1280, 'release-pool-funds-released');
  // Nothing is left to release: the row's Disburse is now 0 and it cannot be ticked.
  await expect(page.getByRole('checkbox', { name: 'Select POOLRESORT', exact: true })).toBeDisabled();
});

test('snapshots: a year imported from a CSV shows by month and on the revenue chart (1280 and 768 px)', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  const open = await openPeriod(page);
  const year = open.year - 3;
  const csv = [`Account,${Array.from({ length: 12 }, () => year).join(',')}`, 'Month,1,2,3,4,5,6,7,8,9,10,11,12', `COMMISS,${Array.from({ length: 12 }, () => '4321.00').join(',')}`].join('\n');
  await openScreen(page, '/management/setup/snapshot', 'Snapshots');
  await page.getByTestId('snapshot-file').setInputFiles({ name: 'snapshot.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText(`Snapshot imported: 1 account for 12 months (Jan ${year} to Dec ${year})`, { exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Snapshots' });
  await expect(table.getByText('Letting Commission')).toBeVisible();
  await expect(table.getByText('$4,321.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'How to prepare the file' }).click();
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, width, 'snapshots');
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  const chart = page.getByTestId('revenue-chart');
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await expect(chart).toHaveAttribute('data-years', new RegExp(`\\b${year}\\b`));
  // The chart itself loads after the card (a lazy chunk): wait for its lines before the screenshot.
  await expect(chart.locator('svg').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 1280, 'dashboard-revenue');
});
