import type { Page } from '@playwright/test';
import { SUPPORT, apiToken, expect, signIn, test } from './fixtures.js';

test('a user without p_mgt sees no Management (so no Setup) and cannot open a Setup route', async ({ page }) => {
  // Users are added by support (spec 3 §6).
  const { token, database } = await apiToken(page, SUPPORT);
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

/** A user of the demo company with these flags only, signed in through the screen; answers each API 403 seen. */
async function signInAs(page: Page, prefix: string, permissions: Record<string, boolean>): Promise<string[]> {
  const { token, database } = await apiToken(page, SUPPORT);
  const id = `${prefix}${Date.now() % 100000}`;
  const created = await page.request.post('/api/user', {
    headers: { Authorization: `Bearer ${token}`, 'X-Database': database },
    data: { id, name: `Flags ${prefix}`, email: `${id.toLowerCase()}@example.com`, usertype: 'USER', password: 'flags-password-2026', desktopRows: 25, mobileRows: 20, permissions },
  });
  expect(created.status(), await created.text()).toBe(200);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403 && r.url().includes('/api/')) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await signIn(page, { code: id, password: 'flags-password-2026' });
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  return refused;
}

test('a user with only the dashboard starts the shell without a refusal and stays signed in (issue 8 item 20)', async ({ page }) => {
  const refused = await signInAs(page, 'VIEW', { p_dashboard: true });
  await expect(page.locator('#oa-slot-mf-accounts')).not.toBeEmpty();
  await page.reload();
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(refused).toEqual([]);
});

test("a receipts clerk opens Receipts and prints one without a refusal; the lookups carry the parties' addresses, the control record no trust bank account (issue 8 item 20)", async ({ page }) => {
  const refused = await signInAs(page, 'RCPT', { p_dashboard: true, p_mgt: true, p_transaction: true, p_entry_receipts: true });
  const lookups = await page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${sessionStorage.getItem('oa.token') ?? ''}`, 'X-Database': sessionStorage.getItem('oa.database') ?? '' };
    const [control, lookup] = await Promise.all([
      fetch('/api/control', { headers }).then((r) => r.json()),
      fetch('/api/lookup', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ lists: ['ENTITY'] }) }).then((r) => r.json()),
    ]);
    return { control: control.data as Record<string, unknown>, entity: lookup.data.entity as { code: string; type: string; address?: string }[] };
  });
  expect(lookups.control).not.toHaveProperty('bank_account_number');
  const owner = lookups.entity.find((e) => e.type === 'OWNER' && e.address)!;
  expect(owner.address).toBeTruthy();

  await page.goto('/management/transactions/receipts');
  await expect(page.getByTestId('list-count')).toHaveText(/^\d+ rows$/, { timeout: 30_000 });
  const print = page.getByRole('button', { name: /^Print receipt \d+$/ }).first();
  await expect(print).toBeVisible();
  const popup = page.waitForEvent('popup');
  await print.click();
  const url = (await popup).url();
  const pdf = await page.evaluate(async (u) => new TextDecoder('latin1').decode(await (await fetch(u)).arrayBuffer()), url);
  expect(pdf.startsWith('%PDF')).toBe(true);
  expect(pdf).toContain('Trust Account Receipt');
  expect(refused).toEqual([]);
});
