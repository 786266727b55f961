import { apiToken, expect, test } from './fixtures.js';

test('a user without p_mgt sees no Management (so no Setup) and cannot open a Setup route', async ({ page }) => {
  const { token, database } = await apiToken(page);
  const id = `CLERK${Date.now() % 100000}`;
  const created = await page.request.post('/api/user', {
    headers: { Authorization: `Bearer ${token}`, 'X-Database': database },
    data: {
      id, name: 'Ledger Clerk', email: `${id.toLowerCase()}@example.com`, usertype: 'USER', password: 'clerk-password-2026',
      desktopRows: 25, mobileRows: 20, permissions: { p_dashboard: true, p_accounting: true },
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('User ID or Email').fill(id);
  await page.getByLabel('Password').fill('clerk-password-2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Accounts', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  for (const hidden of ['Management', 'Reports', 'Bookings', 'Permanent Rentals']) await expect(menu.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);

  await page.goto('/management/setup/banks');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/management');
  await expect(page).toHaveURL(/\/dashboard$/);
});
