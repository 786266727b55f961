import { ADMIN, expect, signIn, signInToDashboard, test } from './fixtures.js';

test.describe('sign-in', () => {
  test('an administrator signs in and lands on the dashboard with the full menu', async ({ page }) => {
    await signInToDashboard(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const item of ['Dashboard', 'Bookings', 'Permanent Rentals', 'Accounts', 'Management', 'Reports']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');
    expect(await page.evaluate(() => sessionStorage.getItem('oa.database'))).toBe('DEMOTRUST');
  });

  test.describe('refusals', () => {
    test.use({ allowedConsoleErrors: [/status of 401/] });

    test('a wrong password shows the server message', async ({ page }) => {
      await signIn(page, { code: ADMIN.code, password: 'wrong-password' });
      await expect(page.getByTestId('sign-in-error')).toHaveText('Invalid Login');
      await expect(page).toHaveURL(/\/login$/);
    });
  });

  test('an empty user id is refused before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Valid User ID or Email is required')).toBeVisible();
  });

  test('any address while signed out shows the sign-in page', async ({ page }) => {
    await page.goto('/management/setup/banks');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(/Copyright ©/)).toBeVisible();
  });
});
