import type { Page } from '@playwright/test';
import { SUPPORT, apiToken, expect, signIn, test } from '../platform/fixtures.js';

/**
 * Issue 17: every screen usable with exactly the flags that show it, in the browser. A user of
 * the demo company holding only a screen's flags (and what the menu needs to reach it) opens it:
 * no API call is refused (the shell would log them out) and the screen shows its data.
 */
async function signInWith(page: Page, prefix: string, permissions: Record<string, boolean>): Promise<string[]> {
  // The server answers the sign-in page before the test's own calls (a fresh server is still seeding).
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 30_000 });
  // User changes are support's (spec 3 §6), so support creates the user.
  const { token, database } = await apiToken(page, SUPPORT);
  const id = `${prefix}${Date.now() % 100000}`;
  const created = await page.request.post('/api/user', {
    headers: { Authorization: `Bearer ${token}`, 'X-Database': database },
    data: { id, name: `Only ${prefix}`, email: `${id.toLowerCase()}@example.com`, usertype: 'USER', password: 'screen-password-2026', desktopRows: 25, mobileRows: 20, permissions },
  });
  expect(created.status(), await created.text()).toBe(200);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403 && r.url().includes('/api/')) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await signIn(page, { code: id, password: 'screen-password-2026' });
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  return refused;
}

/** Opens a screen and checks the user is still signed in on it with its rows shown. */
async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('list-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

const shoot = async (page: Page, name: string) => {
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

test('Tenants with p_accounting only: the list shows, a tenant expands, opens read only and shows its statement; no refusal, no forced logout', async ({ page }) => {
  const refused = await signInWith(page, 'TEN', { p_accounting: true });
  await openScreen(page, '/accounts/tenant');
  // Changing a party is p_entities': no Add, and the editor opens with Close alone.
  await expect(page.getByRole('button', { name: 'Add Record' })).toHaveCount(0);
  const row = page.getByTestId('list-row').first();
  await row.getByRole('button', { name: 'Expand row' }).click();
  await expect(page.getByTestId('party-expansion').getByTestId('statement-closing')).toBeVisible();
  await row.getByRole('cell').nth(2).click();
  const editor = page.getByRole('alertdialog', { name: /^Tenant: / });
  await editor.getByRole('tab', { name: 'Statement' }).click();
  await expect(editor.getByTestId('statement-closing')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await editor.getByRole('button', { name: 'Close' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  expect(refused).toEqual([]);
});

test('a receipts clerk opens Receipts and looks up a payer without a refusal', async ({ page }) => {
  const refused = await signInWith(page, 'RCP', { p_mgt: true, p_transaction: true, p_entry_receipts: true });
  await openScreen(page, '/management/transactions/receipts');
  expect(refused).toEqual([]);
});

test('Receipts and Payments with p_accounting and p_fn_ReceiptsAndPayments: the period\'s receipts, then its payments, read only', async ({ page }) => {
  const refused = await signInWith(page, 'RPL', { p_accounting: true, p_fn_ReceiptsAndPayments: true });
  await openScreen(page, '/accounts/ReceiptsAndPayments');
  await expect(page.getByRole('tab', { name: 'Receipts', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: /^Add/ })).toHaveCount(0);
  await expect(page.getByText('Posted receipts and payments are never edited or deleted')).toBeVisible();
  await shoot(page, 'receipts-and-payments');
  await page.getByRole('tab', { name: 'Payments', exact: true }).click();
  await expect(page.getByTestId('list-row').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Payee' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('Revenue with p_accounting and p_fn_trust: the income by month, a column per year', async ({ page }) => {
  const refused = await signInWith(page, 'REV', { p_accounting: true, p_fn_trust: true });
  await openScreen(page, '/accounts/Revenue');
  await expect(page.getByRole('columnheader', { name: String(new Date().getFullYear()), exact: true })).toBeVisible();
  await expect(page.getByTestId('list-row')).toHaveCount(12);
  await expect(page.getByTestId('list-row').first()).toContainText('Jan');
  await shoot(page, 'revenue');
  expect(refused).toEqual([]);
});

test.describe('client portal stub (spec 1)', () => {
  test.use({ allowedConsoleErrors: [/401/] });

  test('an address with ?portal shows the portal sign-in, its messages, and then that the portal is logged in', async ({ page }) => {
    await page.goto('/?portal');
    await expect(page.getByRole('heading', { name: 'Owner Accounting Client Portal' })).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();
    await shoot(page, 'portal-sign-in');
    await page.getByLabel('User Name or Email').fill(SUPPORT.code);
    await page.getByLabel('Password').fill(SUPPORT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByTestId('portal-logged-in')).toContainText('The client portal is logged in');
    await shoot(page, 'portal-logged-in');
    // The back office's session was never opened.
    expect(await page.evaluate(() => sessionStorage.getItem('oa.token'))).toBeNull();
  });
});
