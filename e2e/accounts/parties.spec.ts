import type { Locator, Page } from '@playwright/test';
import { apiToken, expect, signIn, test, toast } from '../setup/support.js';

/**
 * The parties lists and editor (spec 2 §2 'Owners, Suppliers, Tenants and Unallocated Funds
 * lists', §3 Entity, §4 Holds, §5 Entity): create through the editor after its validation
 * errors, holds through the Disbursement tab, a row's ledger, a statement for a period, and
 * screenshots at 1280 and 768 px. Every party it changes is one it created (unique codes).
 */

const unique = () => `${Date.now().toString(36).toUpperCase().slice(-6)}`;

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const { token, database } = await apiToken(page);
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const money = (dollars: number) =>
  `${dollars < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function openList(page: Page, route: string, title: string): Promise<Locator> {
  await page.goto(route);
  const heading = page.getByRole('heading', { name: title, exact: true });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('list-row').first()).toBeVisible();
  return page.locator('.fui-Card').filter({ has: heading });
}

async function search(page: Page, text: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  const row = page.getByTestId('list-row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  return row;
}

/** A field by its whole label, a required field's asterisk allowed ('Code' is not 'Postcode'). */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

const fieldError = (dialog: Locator, text: string) => dialog.getByText(text, { exact: true });

/** The editor's tabs by accessible name (a Fluent tab also holds a hidden bold copy of its text). */
async function expectTabs(dialog: Locator, names: string[]): Promise<void> {
  const tabs = dialog.getByRole('tablist').first().getByRole('tab');
  await expect(tabs).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(tabs.nth(i)).toHaveAccessibleName(name);
}

interface Entity {
  code: string;
  name: string;
  funds: number;
  hold_this_month: number;
  hold_this_month_reason: string | null;
  hold_always: number;
  charge_release_override: boolean;
  is_agent: boolean;
  commission: number;
  bank_bsb: string | null;
}

interface Statement {
  opening: number;
  closing: number;
  rows: { ref: string }[];
}

test.describe.configure({ mode: 'serial' });

test('an owner is created through the editor after its validation errors, then held through the Disbursement tab', async ({ page }) => {
  const code = `OWNE2E${unique()}`;
  await signIn(page);
  await openList(page, '/accounts/owners', 'Owners');

  await page.getByRole('button', { name: 'Add Record' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Add Owner' });
  await expect(dialog).toBeVisible();
  await expectTabs(dialog, ['Details', 'Disbursement', 'Statement', 'Notes']);

  // Save with nothing filled in: the spec 2 §5 messages of the contract.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(dialog, 'Code is required')).toBeVisible();
  await expect(fieldError(dialog, 'Category must be Selected')).toBeVisible();
  await expect(fieldError(dialog, 'Name is required')).toBeVisible();
  await expect(dialog.getByTestId('entity-tab-errors')).toHaveText('Please correct the fields marked on: Details.');

  await dialog.getByLabel(labelled('Code')).fill('ab');
  await dialog.getByLabel(labelled('Name')).fill('Ann');
  await dialog.getByLabel(labelled('Email')).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel(labelled('Code'))).toHaveValue('AB');
  await expect(fieldError(dialog, 'Must be at least 4 characters').first()).toBeVisible();
  await expect(fieldError(dialog, 'Invalid email address format')).toBeVisible();

  // An error on another tab is named above the tabs.
  await dialog.getByRole('tab', { name: 'Disbursement' }).click();
  await dialog.getByLabel(labelled('BSB')).fill('12345');
  await dialog.getByRole('tab', { name: 'Details' }).click();
  await dialog.getByLabel(labelled('Code')).fill(code);
  await dialog.getByLabel(labelled('Name')).fill('Nora E2E Owner');
  await dialog.getByLabel(labelled('Email')).fill('nora.e2e@example.com');
  await dialog.getByLabel(labelled('Category')).selectOption('HOLIDAY');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('entity-tab-errors')).toHaveText('Please correct the fields marked on: Disbursement.');
  await dialog.getByRole('tab', { name: 'Disbursement' }).click();
  await expect(fieldError(dialog, 'BSB is 6 digits (NNN-NNN)')).toBeVisible();
  await dialog.getByLabel(labelled('BSB')).fill('062 000');
  await dialog.getByLabel(labelled('Account number')).fill('12345678');
  await dialog.getByLabel(labelled('Account name')).fill('N E2E');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Record Created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const created = await apiGet<Entity>(page, `/api/entity/${code}`);
  expect(created).toMatchObject({ name: 'Nora E2E Owner', bank_bsb: '062-000', hold_this_month: 0 });

  // Holds: edits enable Update Holds and Undo Changes; Update saves only the holds.
  await (await search(page, code)).click();
  const editor = page.getByRole('alertdialog', { name: `Owner: ${code} Nora E2E Owner` });
  await expect(editor.getByTestId('balances-bar')).toBeVisible();
  await editor.getByRole('tab', { name: 'Disbursement' }).click();
  const update = editor.getByRole('button', { name: 'Update Holds' });
  const undo = editor.getByRole('button', { name: 'Undo Changes' });
  await expect(update).toBeDisabled();
  await editor.getByLabel(labelled('Hold this month')).fill('125.50');
  await editor.getByLabel(labelled("Reason for this month's hold")).fill('Roof repairs due');
  await expect(update).toBeEnabled();
  await update.click();
  await expect(toast(page, 'Holds Updated')).toBeVisible();
  await expect(update).toBeDisabled();
  expect(await apiGet<Entity>(page, `/api/entity/${code}`)).toMatchObject({ hold_this_month: 125.5, hold_this_month_reason: 'Roof repairs due' });

  await editor.getByLabel(labelled('Hold always')).fill('99');
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect(editor.getByLabel(labelled('Hold always'))).toHaveValue('0.00');
  await expect(undo).toBeDisabled();

  // Charge release override (owners and pools) saves as soon as it is toggled.
  await editor.getByRole('switch', { name: /Carry unreleased charges forward/ }).click();
  await expect(toast(page, 'Charge Release Override is on')).toBeVisible();
  expect(await apiGet<Entity>(page, `/api/entity/${code}`)).toMatchObject({ charge_release_override: true, hold_this_month: 125.5, hold_always: 0 });
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();
  await expect((await search(page, code)).getByRole('cell', { name: '($125.50)' })).toBeVisible();
});

test('a supplier that is an agent is created with its Agent Details', async ({ page }) => {
  const code = `SUPE2E${unique()}`;
  await signIn(page);
  await openList(page, '/accounts/suppliers', 'Suppliers');
  await page.getByRole('button', { name: 'Add Record' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Add Supplier' });
  await dialog.getByLabel(labelled('Code')).fill(code);
  await dialog.getByLabel(labelled('Name')).fill('Ag');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(dialog, 'Must be at least 4 characters')).toBeVisible();
  await expect(fieldError(dialog, 'Category must be Selected')).toBeVisible();
  await dialog.getByLabel(labelled('Name')).fill('E2E Booking Agent');
  await dialog.getByLabel(labelled('Category')).selectOption('AGENTS');
  await expect(dialog.getByRole('tab', { name: 'Agent Details' })).toHaveCount(0);
  await dialog.getByLabel(labelled('Agent')).check();
  await dialog.getByRole('tab', { name: 'Agent Details' }).click();
  await dialog.getByLabel(labelled('Commission')).fill('12.5');
  await dialog.getByLabel(labelled('Apply fees to gross')).check();
  await dialog.getByRole('tab', { name: 'Disbursement' }).click();
  await dialog.getByLabel(labelled('Disburse method')).selectOption('CHEQUE');
  await expect(dialog.getByText('Funds are held automatically: the disbursement method is not EFT.')).toBeVisible();
  // Charge release override is for owners and pools only.
  await expect(dialog.getByRole('switch')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Record Created')).toBeVisible();
  expect(await apiGet<Entity>(page, `/api/entity/${code}`)).toMatchObject({ is_agent: true, commission: 12.5 });

  // A new party has nothing against it: delete is offered (and confirmed), then it is gone.
  await (await search(page, code)).click();
  const editor = page.getByRole('alertdialog', { name: `Supplier: ${code} E2E Booking Agent` });
  await expectTabs(editor, ['Details', 'Agent Details', 'Disbursement', 'Statement', 'Notes', 'Email Logs']);
  await editor.getByRole('button', { name: 'Delete' }).click();
  await editor.getByRole('button', { name: 'YES' }).click();
  await expect(toast(page, 'Record Deleted.')).toBeVisible();
});

test('a row expands to its ledger and pending charges, and its statement shows a chosen period', async ({ page }) => {
  await signIn(page);
  const owners = await apiGet<Entity[]>(page, '/api/entity/list/OWNER');
  const owner = owners.find((o) => o.funds !== 0 && !o.code.startsWith('OWNE2E'))!;
  await openList(page, '/accounts/owners', 'Owners');
  const row = await search(page, owner.code);
  await row.getByRole('button', { name: 'Expand row' }).click();
  const expansion = page.getByTestId('party-expansion');
  await expect(expansion.getByRole('tab', { name: 'Ledger' })).toHaveAttribute('aria-selected', 'true');
  const month = await apiGet<Statement>(page, `/api/entity/statement/${owner.code}`);
  await expect(expansion.getByTestId('statement-opening')).toHaveText(money(month.opening));
  await expect(expansion.getByTestId('statement-closing')).toHaveText(money(month.closing));
  if (month.rows.length) await expect(expansion.getByRole('table', { name: `Statement of ${owner.code}` })).toContainText(month.rows[0]!.ref);

  const pending = await apiGet<{ outward: unknown[]; inward: unknown[] }>(page, `/api/entity/pending/${owner.code}`);
  await expansion.getByRole('tab', { name: /Pending Charges Outward/ }).click();
  await expect(expansion.getByRole('tab', { name: `Pending Charges Outward (${pending.outward.length})` })).toBeVisible();
  await expansion.getByRole('tab', { name: /Pending Charges Inward/ }).click();
  await expect(expansion.getByRole('tab', { name: `Pending Charges Inward (${pending.inward.length})` })).toBeVisible();

  // The statement action: the last three accounting months.
  await row.getByRole('button', { name: `Statement ${owner.code}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Statement ${owner.code}` });
  await dialog.getByLabel(labelled('Period')).selectOption('3month');
  const control = await apiGet<{ current_year: number; current_month: number }>(page, '/api/control');
  const start = new Date(control.current_year, control.current_month - 3, 1);
  const end = new Date(control.current_year, control.current_month, 0);
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const quarter = await apiGet<Statement>(page, `/api/entity/statement/${owner.code}?from=${iso(start)}&to=${iso(end)}`);
  await expect(dialog.getByTestId('statement-opening')).toHaveText(money(quarter.opening));
  await expect(dialog.getByTestId('statement-closing')).toHaveText(money(quarter.closing));
  await expect(dialog.getByLabel(labelled('From'))).toHaveValue(`01/${String(start.getMonth() + 1).padStart(2, '0')}/${start.getFullYear()}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

for (const width of [1280, 768]) {
  test(`parties screens at ${width}px`, async ({ page }) => {
    // A tour of a dozen screens with pictures: like the other screen tours, more than a minute on a busy machine.
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = async (name: string) => {
      // Let a dialog finish fading in, so the picture shows it and not the page behind.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `test-results/accounts-screens/${width}/${name}.png`, fullPage: true });
    };
    await signIn(page);
    for (const [route, title, name] of [
      ['/accounts/owners', 'Owners', 'owners'],
      ['/accounts/suppliers', 'Suppliers', 'suppliers'],
      ['/accounts/tenant', 'Tenants', 'tenants'],
      ['/accounts/unallocated', 'Unallocated Funds', 'unallocated'],
    ] as const) {
      await openList(page, route, title);
      await shot(`parties-${name}`);
    }

    // An owner with money: its row expanded, its editor's tabs, its statement.
    const owners = await apiGet<Entity[]>(page, '/api/entity/list/OWNER');
    const owner = owners.find((o) => o.funds !== 0 && !o.code.startsWith('OWNE2E'))!;
    await openList(page, '/accounts/owners', 'Owners');
    const row = await search(page, owner.code);
    await row.getByRole('button', { name: 'Expand row' }).click();
    await expect(page.getByTestId('party-expansion').getByTestId('statement-closing')).toBeVisible();
    await shot('parties-owner-expanded');

    await row.getByRole('cell', { name: owner.name }).click();
    const editor = page.getByRole('alertdialog', { name: new RegExp(`^Owner: ${owner.code}`) });
    await expect(editor.getByTestId('balances-bar')).toBeVisible();
    for (const tab of ['Details', 'Disbursement', 'Statement', 'Notes']) {
      await editor.getByRole('tab', { name: tab }).click();
      if (tab === 'Statement') await expect(editor.getByTestId('statement-closing')).toBeVisible();
      await shot(`parties-owner-editor-${tab.toLowerCase()}`);
    }
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: `Statement ${owner.code}` }).click();
    const statement = page.getByRole('alertdialog', { name: `Statement ${owner.code}` });
    await expect(statement.getByTestId('statement-closing')).toBeVisible();
    await shot('parties-statement');
    await statement.getByRole('button', { name: 'Close' }).click();

    // The Business editor in Setup is the same editor, without Notes and without delete.
    await page.goto('/management/setup/business');
    const business = page.getByRole('alertdialog', { name: /^Business: / });
    await expectTabs(business, ['Details', 'Disbursement', 'Statement', 'Email Logs']);
    await expect(business.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await shot('business-editor');
  });
}
