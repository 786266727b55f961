import type { Page } from '@playwright/test';
import { SUPPORT, expect, signIn, test } from './fixtures.js';

/**
 * The bar's tooltips open beside it, over the panel's buttons: the pointer leaves the bar (so a
 * hover tooltip never opens) and Escape closes one that focus opened.
 */
async function leaveBar(page: Page): Promise<void> {
  await page.mouse.move(1200, 10);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

test('a SUPER user gets the support console, and Activate Client View opens the application', async ({ page }) => {
  await signIn(page, SUPPORT);
  const console = page.getByTestId('support-console');
  await expect(console).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  const bar = page.getByRole('navigation', { name: 'Support console' });
  await expect(bar.getByRole('button', { name: 'Add Company Database' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'God Mode Utilities' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'Rebuild Snapshot' }).click();
  await leaveBar(page);
  // Rebuild works on the chosen company and needs both year and month.
  await page.getByLabel('Company', { exact: true }).selectOption('DEMOTRUST');
  await page.getByRole('button', { name: 'Rebuild', exact: true }).click();
  await expect(page.getByText('Year must be chosen')).toBeVisible();
  await bar.getByRole('button', { name: 'Booking System Import' }).click();
  await leaveBar(page);
  await expect(page.getByRole('heading', { name: 'Booking System Import' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import From Booking System' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('support-console-1280.png') });

  await page.getByRole('button', { name: 'Activate Client View' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('oa.consoleActive'))).toBe('true');
});
