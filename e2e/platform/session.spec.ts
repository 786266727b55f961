import { SignJWT } from 'jose';
import { expect, signInToDashboard, test } from './fixtures.js';
import { E2E_TOKEN_SECRET } from './token-secret.js';

test.describe('an invalid token', () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('ends the session and the sign-in page says why', async ({ page }) => {
    await signInToDashboard(page);
    await page.evaluate(() => sessionStorage.setItem('oa.token', `${sessionStorage.getItem('oa.token')}tampered`));
    await page.reload();
    // The toast's title (Fluent also repeats it in a live region for screen readers).
    await expect(page.getByText('User Login Authority Token is expired or invalid').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('logout-reason')).not.toBeEmpty();
    expect(await page.evaluate(() => sessionStorage.getItem('oa.token'))).toBeNull();
    await page.screenshot({ path: test.info().outputPath('sign-in-with-reason.png') });
  });
});

test('Logout from the user menu returns to the sign-in page', async ({ page }) => {
  await signInToDashboard(page);
  await page.getByRole('button', { name: 'Company and user menu' }).click();
  await expect(page.getByRole('menuitem', { name: /Version 1\.1\.22B/ })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('oa.token'))).toBeNull();
});

test.describe('an expired token', () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('lands on the sign-in page with the reason the session ended', async ({ page }) => {
    await signInToDashboard(page);
    const expired = await new SignJWT({ typ: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('ADMIN')
      .setJti('e2e-expired')
      .setIssuer('owner-accounting')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(E2E_TOKEN_SECRET));
    await page.evaluate((token) => sessionStorage.setItem('oa.token', token), expired);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await expect(page.getByTestId('logout-reason')).toContainText(/expired/i);
    expect(await page.evaluate(() => sessionStorage.getItem('oa.token'))).toBeNull();
  });
});
