import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { apiToken, expect, signIn, test, toast } from '../setup/support.js';

// Codes unique to this run, so a retry or a reused server finds none of a previous run's records.
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const rows = (page: Page) => page.getByTestId('list-row');
const editor = (page: Page) => page.getByRole('alertdialog').first();
const tab = (page: Page, name: string) => editor(page).getByRole('tab', { name, exact: true });

/** Calls the API as admin, as the screens do (token and company headers). */
async function call<T = Record<string, unknown>>(page: Page, method: string, path: string): Promise<T> {
  const { token, database } = await apiToken(page);
  const response = await page.request.fetch(path, { method, headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

const dmy = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return d;
};

/** A field by its label, required ones too (their label ends in an asterisk). */
const field = (page: Page, label: string) => editor(page).getByLabel(new RegExp(`^${label.replace(/[()&]/g, '\\$&')}\\s*\\*?$`));

async function fillDate(page: Page, label: string, date: Date) {
  const input = field(page, label);
  await input.fill(dmy(date));
  await input.press('Tab');
}

for (const width of [1280, 768]) {
  test(`Permanent Rentals at ${width} px: a tenancy with a bond, Update Rent, two weeks receipted, arrears fall`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = (name: string) => page.screenshot({ path: `test-results/rentals/${width}/${name}.png`, fullPage: true });
    const tenant = `T${width === 1280 ? 'A' : 'B'}${RUN}`;
    await signIn(page);
    await page.goto('/rentals');
    await expect(page.getByRole('heading', { name: 'Permanent Rentals' })).toBeVisible({ timeout: 30_000 });
    // The demo's tenancies, one of them in arrears (red).
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByLabel(/^In arrears \$/).first()).toBeVisible();
    // The list fits the window: at 768 px the lower-priority columns give way instead of scrolling sideways.
    const table = page.getByRole('table', { name: 'Permanent Rentals' });
    const overflow = await table.evaluate((t) => {
      let box: HTMLElement | null = t.parentElement;
      let worst = 0;
      for (; box; box = box.parentElement) worst = Math.max(worst, box.scrollWidth - box.clientWidth);
      return worst;
    });
    expect(overflow).toBeLessThanOrEqual(1);
    await expect(table.getByRole('columnheader', { name: /^Owner/ })).toHaveCount(width === 768 ? 0 : 1);
    await shot('1-list');

    await page.getByRole('button', { name: 'Add Record' }).click();
    const dialog = editor(page);
    await expect(dialog.getByText('Add Tenancy Agreement')).toBeVisible();
    const door = field(page, 'Door');
    // A door of the demo's holiday units (index 3): a tenancy needs only a door with an owner.
    await door.selectOption({ index: 3 });
    const doorCode = await door.inputValue();
    await field(page, 'Tenant Code').fill(tenant.toLowerCase());
    await expect(field(page, 'Tenant Code')).toHaveValue(tenant);
    await field(page, 'Name').fill(`Robin Tenant ${RUN}`);
    await field(page, 'Email').fill(`robin.${RUN.toLowerCase()}@example.com`);
    await field(page, 'Phone').fill('0400 123 456');
    await field(page, 'Rent').fill('500');
    await field(page, 'Commission').fill('8.8');
    await fillDate(page, 'Start Date', daysAgo(21));
    // Duration 52 weeks sets the expiry (start + 52 weeks - 1 day).
    await field(page, 'Duration (weeks)').fill('26');
    await field(page, 'Duration (weeks)').press('Tab');
    const expiry = daysAgo(21);
    expiry.setDate(expiry.getDate() + 26 * 7 - 1);
    await expect(field(page, 'Expiry Date')).toHaveValue(dmy(expiry));
    await fillDate(page, 'Termination Date', expiry);
    await tab(page, 'Lease & Bond').click();
    await expect(field(page, 'Bond Authority')).toHaveCount(0);
    await field(page, 'Bond applies').check();
    await field(page, 'Bond').fill('2000');
    await field(page, 'Bond Authority').selectOption('RTABOND');
    await field(page, 'Create the bond charge').check();
    await field(page, 'Bond Details').fill('Four weeks rent');
    await shot('2-add');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/^Tenancy Agreement:\d+$/)).toBeVisible();
    const id = Number((await dialog.getByText(/^Tenancy Agreement:\d+$/).textContent())!.split(':')[1]);
    await expect(field(page, 'Bond Authority')).toBeDisabled();
    await expect(dialog.getByTestId('bond-charge')).toHaveText(/^Charge \d+$/);

    // Update Rent to today: three weeks past and the current one.
    await dialog.getByRole('button', { name: 'Update Rent' }).click();
    const rent = page.getByRole('alertdialog', { name: 'Update Rent' });
    await rent.getByRole('button', { name: 'Update Rent' }).click();
    await expect(toast(page, '4 rent charges raised')).toBeVisible();
    await tab(page, 'Outstanding').click();
    await expect(dialog.getByText('Rent In Arrears ($1,500.00)')).toBeVisible();
    await expect(dialog.getByText('Rent Due Now ($500.00)')).toBeVisible();
    await shot('3-outstanding');

    // Receipt the two oldest weeks through the receipt path.
    const arrears = dialog.getByRole('table', { name: 'Rent In Arrears' });
    await arrears.getByRole('checkbox').nth(0).check();
    await arrears.getByRole('checkbox').nth(1).check();
    await dialog.getByRole('button', { name: 'Receipt Selected Charges' }).click();
    const receipt = page.getByRole('alertdialog', { name: 'Receipt Selected Charges' });
    const popup = page.waitForEvent('popup').catch(() => null);
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/cashbook/receipt') && r.request().method() === 'POST');
    await receipt.getByRole('button', { name: 'Receipt $1,000.00' }).click();
    await expect(page.locator('.fui-ToastTitle').filter({ hasText: /^Receipt \d+ posted$/ }).first()).toBeVisible();
    await popup;
    await expect(dialog.getByText('Rent In Arrears ($500.00)')).toBeVisible();
    // The confirmation states the rent account as the receipt left it: paid to two weeks after the start, one week in arrears, the third week next.
    const paidTo = daysAgo(21);
    paidTo.setDate(paidTo.getDate() + 13);
    const nextDue = new Date(paidTo);
    nextDue.setDate(nextDue.getDate() + 1);
    const state = `Rent for ${doorCode} paid to ${dmy(paidTo)}; arrears $500.00; next rent due $500.00 on ${dmy(nextDue)}`;
    await expect(page.locator('.fui-ToastBody').filter({ hasText: state }).first()).toBeVisible();
    await shot('4-after-receipt');

    // The printed Trust Account Receipt shows the same: paid-to date, arrears remaining, next rent due.
    const receiptId = ((await (await posted).json()) as { data: { id: number } }).data.id;
    const { token, database } = await apiToken(page);
    const pdf = await page.request.get(`/api/cashbook/print/${receiptId}`, { headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
    expect(pdf.status()).toBe(200);
    const printed = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await pdf.body()), encoding: 'utf8' });
    expect(printed).toContain(`Rent account: tenancy ${id}, unit ${doorCode}`);
    expect(printed).toMatch(new RegExp(`Rent paid to:\\s+${dmy(paidTo)}`));
    expect(printed).toMatch(/Arrears remaining:\s+\$500\.00/);
    expect(printed).toMatch(new RegExp(`Next rent due:\\s+\\$500\\.00 on ${dmy(nextDue)}`));

    // Add Charge: another charge to the tenant (the charge route), shown under Other Charges beside the bond.
    await dialog.getByRole('button', { name: 'Add Charge' }).click();
    const charge = page.getByRole('alertdialog', { name: 'Add Charge' });
    await expect(charge.getByText(`Payable by ${tenant}`)).toBeVisible();
    await charge.getByLabel(/^Details/).fill('Replace broken blind');
    await charge.getByLabel('Item 1 account').selectOption({ index: 1 });
    await charge.getByLabel('Item 1 amount').fill('120');
    await shot('4b-add-charge');
    await charge.getByRole('button', { name: 'Save' }).click();
    await expect(charge).toHaveCount(0);
    await expect(dialog.getByText('Other Charges ($2,120.00)')).toBeVisible();

    const after = (await call<{ data: { arrears: number; paid: number; paid_to: string; pending_other: number } }>(page, 'GET', `/api/rental/${id}`)).data;
    expect(after).toMatchObject({ arrears: 500, paid: 1000, pending_other: 2120 });
    expect(after.paid_to).toBe(`${paidTo.getFullYear()}-${String(paidTo.getMonth() + 1).padStart(2, '0')}-${String(paidTo.getDate()).padStart(2, '0')}`);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(tenant);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByLabel('In arrears $500.00')).toBeVisible();
    await shot('5-list-after');
  });
}
