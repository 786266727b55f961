import { test as base, expect, type Page } from '@playwright/test';

export const ADMIN = { code: 'admin', password: 'trust-admin-2026' };
export const SUPPORT = { code: 'support', password: 'trust-support-2026' };

/**
 * A page that fails its test on any console error or uncaught page error. A test that expects
 * an error (a refused login logs the 401 response) lists it in allowedConsoleErrors.
 */
/** single-spa's notice that a mount took over 3 s (code 31): slowness on a loaded machine, not a fault; the mount goes on. */
const SLOW_MOUNT = /single-spa minified message #31:/;

export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && ![SLOW_MOUNT, ...allowedConsoleErrors].some((re) => re.test(message.text()))) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  }, { auto: true }],
});

export { expect };

export async function signIn(page: Page, user = ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User ID or Email').fill(user.code);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in as admin and waits for the dashboard area to mount. */
export async function signInToDashboard(page: Page): Promise<void> {
  await signIn(page);
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.locator('#oa-slot-mf-accounts')).not.toBeEmpty();
}

/** A token for API calls made by the test itself. */
export async function apiToken(page: Page, user = ADMIN): Promise<{ token: string; database: string }> {
  const response = await page.request.post('/api/auth', { data: user });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { token: string; user: { database: string } } };
  return { token: body.data.token, database: body.data.user.database };
}
