import type { Page } from '@playwright/test';
import { apiToken, expect, openSetup, signIn, test, toast } from './support.js';

const dialog = (page: Page) => page.getByRole('alertdialog');
// Codes unique to this run, so a retry or a reused server finds none of a previous run's records.
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const rows = (page: Page) => page.getByTestId('list-row');

async function save(page: Page, message: string) {
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(dialog(page)).toBeHidden();
}

/**
 * The life of a reference record through the generic list-and-editor: create, edit, search
 * (3 characters apply, fewer clear), deactivate (hidden until Inactive is on) and delete.
 */
async function lifeCycle(page: Page, route: string, record: { code: string; name: string; renamed: string; fill: () => Promise<void> }) {
  await openSetup(page, route);
  await expect(rows(page).first()).toBeVisible();
  const allRows = await rows(page).count();

  await page.getByRole('button', { name: 'Add Record' }).click();
  await dialog(page).getByLabel('Code').fill(record.code.toLowerCase());
  await dialog(page).getByLabel('Name').fill(record.name);
  await record.fill();
  await save(page, 'Record Created');
  const row = rows(page).filter({ hasText: record.code });
  await expect(row).toHaveCount(1);

  await row.click();
  await expect(dialog(page).getByLabel('Name')).toHaveValue(record.name);
  await expect(dialog(page).getByLabel('Code')).toHaveValue(record.code);
  await dialog(page).getByLabel('Name').fill(record.renamed);
  await save(page, 'Record Updated');
  await expect(row).toContainText(record.renamed);

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(RUN.slice(-3));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(record.code);
  await search.fill(RUN.slice(-2));
  await expect(rows(page)).toHaveCount(allRows + 1);
  await search.fill('');

  await row.click();
  await dialog(page).getByLabel('Inactive').check();
  await save(page, 'Record Updated');
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Inactive' }).click();
  await expect(row).toHaveCount(1);

  await row.click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page).getByText('CONFIRM DELETION')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'YES' }).click();
  await expect(toast(page, 'Record Deleted.')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(row).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('a category is created, edited, searched, deactivated and deleted', async ({ page }) => {
  await lifeCycle(page, 'categories', {
    code: `E2EOWN${RUN}`,
    name: 'Owners from the test',
    renamed: 'Owners renamed by the test',
    fill: async () => {
      await dialog(page).getByLabel('Type').selectOption('OWNER');
    },
  });
});

test('a card type is created, edited, searched, deactivated and deleted', async ({ page }) => {
  await lifeCycle(page, 'cardtypes', {
    code: `E2EDIN${RUN}`,
    name: 'Diners from the test',
    renamed: 'Diners renamed by the test',
    fill: async () => {
      await dialog(page).getByLabel('Owner surcharge').fill('1.25');
      await dialog(page).getByLabel('Payer surcharge').fill('2.5');
    },
  });
  // Surcharges are percentages with two decimals.
  await page.getByRole('button', { name: 'Inactive' }).click();
  await expect(rows(page).filter({ hasText: 'AMEX' })).toContainText('2.50%');
});

test("a code that is too short shows the spec's message and nothing is saved", async ({ page }) => {
  await openSetup(page, 'categories');
  await page.getByRole('button', { name: 'Add Record' }).click();
  await dialog(page).getByLabel('Code').fill('X');
  await dialog(page).getByLabel('Name').fill('Short code');
  await expect(dialog(page).getByText('Must be at least 2 characters')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  await openSetup(page, 'unitclass');
  await page.getByRole('button', { name: 'Add Record' }).click();
  await dialog(page).getByLabel('Code').fill('AB');
  await dialog(page).getByLabel('Name').focus();
  await expect(dialog(page).getByText('Must be at least 3 characters')).toBeVisible();
});

test.describe('a record in use', () => {
  // The refused DELETE answers 409, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("a delete of a record that came into use is refused with the server's message", async ({ page }) => {
    await openSetup(page, 'unitclass');
    await page.getByRole('button', { name: 'Add Record' }).click();
    await dialog(page).getByLabel('Code').fill(`E2ECL${RUN}`);
    await dialog(page).getByLabel('Name').fill('Test letting class');
    await save(page, 'Record Created');
    await rows(page).filter({ hasText: `E2ECL${RUN}` }).click();
    await expect(dialog(page).getByRole('button', { name: 'Delete' })).toBeVisible();

    // Meanwhile someone else gives a unit type this class by default.
    const session = await apiToken(page);
    const created = await page.request.post('/api/unittype', {
      headers: { Authorization: `Bearer ${session.token}`, 'X-Database': session.database },
      data: { id: `E2ETY${RUN}`, name: 'Test unit type', default_unit_class: `E2ECL${RUN}`, annual_budget: 1000 },
    });
    expect(created.ok()).toBe(true);

    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'YES' }).click();
    await expect(page.getByTestId('editor-alert')).toContainText('cannot be deleted');
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Reopened, the record says it cannot be deleted, so Delete is not offered.
    await rows(page).filter({ hasText: `E2ECL${RUN}` }).click();
    await expect(dialog(page).getByLabel('Name')).toHaveValue('Test letting class');
    await expect(dialog(page).getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });
});
