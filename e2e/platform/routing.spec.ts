import { expect, signInToDashboard, test } from './fixtures.js';

test('unknown paths and / go to the dashboard', async ({ page }) => {
  await signInToDashboard(page);
  for (const path of ['/no/such/page', '/', '/accounts/owners/extra']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test('breadcrumbs name each segment of the path', async ({ page }) => {
  await signInToDashboard(page);
  await page.goto('/management/setup/gstcodes');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Management');
  await expect(crumbs).toContainText('Setup');
  await expect(crumbs).toContainText('GST Codes');
  await crumbs.getByRole('button', { name: 'Management' }).click();
  await expect(page).toHaveURL(/\/management$/);
});
