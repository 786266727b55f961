import type { Page } from '@playwright/test';
import { apiToken, expect, signIn, test, toast } from '../setup/support.js';

// Codes unique to this run, so a retry or a reused server finds none of a previous run's records.
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const rows = (page: Page) => page.getByTestId('list-row');
const editor = (page: Page) => page.getByRole('alertdialog').first();

/** Calls the API as admin, as the screens do (token and company headers). */
async function call<T = Record<string, unknown>>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const { token, database } = await apiToken(page);
  const response = await page.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

const createOwner = (page: Page, code: string, name: string) => call(page, 'POST', '/api/entity', { code, type: 'OWNER', category: 'HOLIDAY', name });
const readUnit = async (page: Page, door: string) => (await call<{ data: { entity: string | null; pending: number; fees: unknown[]; leasebacks: unknown[] } }>(page, 'GET', `/api/unit/${door}`)).data;

async function openUnits(page: Page) {
  await page.goto('/accounts/units');
  await expect(page.getByRole('heading', { name: 'Units' })).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible();
}

/** The row whose Door cell is exactly this door (a search also finds 1010 and 1101 for 101). */
const unitRow = (page: Page, door: string) => rows(page).filter({ has: page.getByRole('cell', { name: door, exact: true }) });

async function openUnit(page: Page, door: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(door);
  const row = unitRow(page, door);
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(editor(page).getByLabel('Door')).toHaveValue(door);
}

async function fillLine(page: Page, n: number, line: { account: string; recipient?: string; description: string; amount: string }) {
  const dialog = editor(page);
  await dialog.getByLabel(`Line ${n} account`).selectOption(line.account);
  if (line.recipient) await dialog.getByLabel(`Line ${n} recipient`).selectOption(line.recipient);
  await dialog.getByLabel(`Line ${n} description`).fill(line.description);
  await dialog.getByLabel(`Line ${n} amount`).fill(line.amount);
  await dialog.getByLabel(`Line ${n} amount`).press('Tab');
}

const tab = (page: Page, name: string) => editor(page).getByRole('tab', { name, exact: true });

test('a unit for a new owner: fees and totals, Add Charge, Change Owner with its preview, Update Property Charges and undo', async ({ page }) => {
  test.setTimeout(180_000);
  const door = `U${RUN}`;
  const owner = `OWNA${RUN}`;
  const buyer = `OWNB${RUN}`;
  // The owners exist before the application reads its lookups.
  await createOwner(page, owner, `Ann Seller ${RUN}`);
  await createOwner(page, buyer, `Bob Buyer ${RUN}`);
  await signIn(page);
  await openUnits(page);

  // Add the unit: details, two fees (total shown), leaseback (its tab appears when ticked).
  await page.getByRole('button', { name: 'Add Record' }).click();
  const dialog = editor(page);
  await expect(tab(page, 'Leaseback')).toHaveCount(0);
  await dialog.getByLabel('Door').fill(door.toLowerCase());
  await expect(dialog.getByLabel('Door')).toHaveValue(door);
  await dialog.getByLabel('Name').fill(`Harbour View ${RUN}`);
  await dialog.getByLabel('Unit Type').selectOption('ONEBED');
  await dialog.getByLabel('Unit Class').selectOption('HOLIDAY');
  await dialog.getByLabel('Owner', { exact: true }).selectOption(owner);
  await dialog.getByLabel('Letting pool', { exact: true }).selectOption('BOOKINGS');
  await dialog.getByLabel('Leaseback', { exact: true }).check();
  await expect(dialog.getByLabel('Inactive')).toBeEnabled();
  await tab(page, 'Unit Fees').click();
  await dialog.getByRole('button', { name: 'Add Fee' }).click();
  await fillLine(page, 1, { account: 'MGMTFEE', recipient: 'BUSINESS', description: 'Management', amount: '60' });
  await dialog.getByRole('button', { name: 'Add Fee' }).click();
  await fillLine(page, 2, { account: 'LINEN', recipient: 'COASTLINEN', description: 'Linen service', amount: '20.5' });
  await expect(dialog.getByTestId('fees-total')).toHaveText('$80.50');
  await tab(page, 'Leaseback').click();
  await dialog.getByRole('button', { name: 'Add Leaseback' }).click();
  await fillLine(page, 1, { account: 'RENT', description: 'Leaseback rent', amount: '1250' });
  await expect(dialog.getByTestId('leasebacks-total')).toHaveText('$1,250.00');
  await tab(page, 'Notes').click();
  await dialog.getByLabel('Notes').fill('Created by the units e2e spec');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Record Created')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // The expanded row shows the fee lines and their total.
  await page.getByRole('searchbox', { name: 'Search' }).fill(door);
  const row = unitRow(page, door);
  await expect(row).toContainText(owner);
  await row.getByRole('button', { name: 'Expand row' }).click();
  await expect(page.getByTestId('unit-summary')).toContainText('Linen service');
  await expect(page.getByTestId('unit-summary')).toContainText('$80.50');

  // Remove a fee: the total follows and the saved line is deleted (_deleted_fees).
  await openUnit(page, door);
  await tab(page, 'Unit Fees').click();
  await expect(dialog.getByTestId('fees-line')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Remove line 2' }).click();
  await expect(dialog.getByTestId('fees-total')).toHaveText('$60.00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Record Updated')).toBeVisible();
  await expect.poll(async () => (await readUnit(page, door)).fees.length).toBe(1);

  // Add Charge for the owner from this door. The unit then has charges: its owner changes only through Change Owner.
  await openUnit(page, door);
  await expect(dialog.getByRole('button', { name: 'Change Owner' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add Charge' }).click();
  const charge = page.getByRole('alertdialog', { name: 'Add Charge' });
  await charge.getByRole('button', { name: 'Save' }).click();
  await expect(charge.getByText('Details are required')).toBeVisible();
  await charge.getByLabel('Recipient type').selectOption('SUPPLIER');
  await charge.locator('select[name="recipient"]').selectOption('SPARKLE');
  await charge.getByLabel('Details').fill('Spring clean of all rooms');
  await charge.getByLabel('Item 1 account').selectOption('CLEAN');
  await charge.getByLabel('Item 1 amount').fill('310');
  await charge.getByLabel('Item 1 amount').press('Tab');
  await charge.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Record Created')).toBeVisible();
  await expect(charge).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await openUnit(page, door);
  await expect(dialog.getByLabel('Owner', { exact: true })).toBeDisabled();
  await expect(dialog.getByText('The owner of this unit can only be changed with Change Owner')).toBeVisible();
  await dialog.getByRole('button', { name: 'Change Owner' }).click();
  const change = page.getByRole('alertdialog', { name: 'Change Owner' });
  await expect(change.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  const newOwner = change.getByLabel('New owner');
  await expect(newOwner.locator('option', { hasText: 'Unassign Owner' })).toHaveCount(1);
  await expect(newOwner.locator(`option[value="${owner}"]`)).toHaveCount(0);
  await newOwner.selectOption(buyer);
  const previewRow = change.getByTestId('preview-row');
  await expect(previewRow).toHaveCount(1);
  await expect(previewRow).toContainText('Spring clean of all rooms');
  await expect(previewRow).toContainText('$310.00');
  await expect(change.getByTestId('preview-totals')).toContainText('$310.00');
  await page.screenshot({ path: 'test-results/accounts-screens/1280/unit-change-owner-preview.png', fullPage: true });
  await change.getByRole('button', { name: 'Proceed' }).click();
  await expect(toast(page, 'Ownership Change Completed')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(unitRow(page, door)).toContainText(buyer);
  expect((await readUnit(page, door)).entity).toBe(buyer);

  // Update Property Charges raises the unit's $60.00 fee for the month with its 10% GST (the fee's
  // account carries GST in the starter books); Undo Charges cancels both again.
  const before = (await readUnit(page, door)).pending;
  await page.goto('/management/transactions/chargeupdate');
  await page.getByRole('button', { name: 'UPDATE NOW' }).click();
  const update = page.getByRole('alertdialog', { name: 'Update Charges' });
  await update.getByRole('button', { name: 'Update Charges' }).click();
  await expect(toast(page, 'Update Charges')).toBeVisible();
  await expect(page.getByTestId('charges-update-result')).toContainText(/[1-9]\d* charges raised/);
  expect(Math.round(((await readUnit(page, door)).pending - before) * 100)).toBe(6600);
  await page.getByRole('button', { name: 'Undo Charges' }).click();
  const undo = page.getByRole('alertdialog', { name: 'Undo Charges' });
  await undo.getByRole('button', { name: 'Undo Charges' }).click();
  await expect(toast(page, 'Undo Charges')).toBeVisible();
  await expect(page.getByTestId('charges-update-result')).toContainText(/[1-9]\d* charges cancelled/);
  expect((await readUnit(page, door)).pending).toBe(before);
});

test('a unit with ledger balances cannot be made inactive, and says why', async ({ page }) => {
  const units = (await call<{ data: { door: string; _allow_inactive: boolean }[] }>(page, 'GET', '/api/unit/list')).data;
  // Demo units hold their owners' funds.
  const held = units.find((u) => !u._allow_inactive);
  expect(held, 'a demo unit with ledger balances').toBeDefined();
  await signIn(page);
  await openUnits(page);
  await openUnit(page, held!.door);
  await expect(editor(page).getByLabel('Inactive')).toBeDisabled();
  await editor(page).getByTestId('inactive-locked').hover();
  // A demo unit linked to the booking system says so first; one outside it names its balances.
  await expect(page.getByRole('tooltip')).toHaveText(/^(Cannot set inactive while there are ledger balances or charges|Cannot set Inactive when linked to the booking system)$/);
});

for (const width of [1280, 768]) {
  test(`units and Update Property Charges screens at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    // Dialogs fade in: let the animation finish before each picture.
    const shot = async (name: string) => {
      await page.waitForTimeout(400);
      await page.screenshot({ path: `test-results/accounts-screens/${width}/${name}.png`, fullPage: true });
    };
    await signIn(page);
    await openUnits(page);
    await rows(page).first().getByRole('button', { name: 'Expand row' }).click();
    await expect(page.getByTestId('unit-summary')).toBeVisible();
    await shot('units-list');
    await rows(page).first().click();
    await expect(editor(page).getByLabel('Door')).not.toHaveValue('');
    await editor(page).getByLabel('Leaseback', { exact: true }).check();
    await shot('unit-editor-details');
    // Lines typed but not saved, to show the sub-lists with their totals.
    await tab(page, 'Unit Fees').click();
    await editor(page).getByRole('button', { name: 'Add Fee' }).click();
    await fillLine(page, 1, { account: 'MGMTFEE', recipient: 'BUSINESS', description: 'Management', amount: '60' });
    await editor(page).getByRole('button', { name: 'Add Fee' }).click();
    await fillLine(page, 2, { account: 'LINEN', recipient: 'COASTLINEN', description: 'Linen service', amount: '1234.5' });
    await shot('unit-editor-unit-fees');
    await tab(page, 'Leaseback').click();
    await editor(page).getByRole('button', { name: 'Add Leaseback' }).click();
    await fillLine(page, 1, { account: 'RENT', description: 'Leaseback rent', amount: '1250' });
    await shot('unit-editor-leaseback');
    await tab(page, 'Notes').click();
    await shot('unit-editor-notes');
    await editor(page).getByRole('button', { name: 'Change Owner' }).click();
    const change = page.getByRole('alertdialog', { name: 'Change Owner' });
    await change.getByLabel('New owner').selectOption({ index: 2 });
    await expect(change.getByRole('table', { name: 'Ownership change preview' })).toBeVisible();
    await shot('unit-change-owner');
    await change.getByRole('button', { name: 'Cancel' }).click();
    await editor(page).getByRole('button', { name: 'Add Charge' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Add Charge' })).toBeVisible();
    await shot('unit-add-charge');
    await page.getByRole('alertdialog', { name: 'Add Charge' }).getByRole('button', { name: 'Cancel' }).click();
    await editor(page).getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/management/transactions/chargeupdate');
    await expect(page.getByRole('button', { name: 'UPDATE NOW' })).toBeVisible({ timeout: 30_000 });
    await shot('chargeupdate');
    await page.getByRole('button', { name: 'UPDATE NOW' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Update Charges' })).toBeVisible();
    await shot('chargeupdate-dialog');
  });
}
