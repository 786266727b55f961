import type { Locator, Page } from '@playwright/test';
import { CHARGE_MESSAGES } from '../../api/src/contracts/charges.js';
import { JOURNAL_MESSAGES } from '../../api/src/contracts/journals.js';
import { apiToken, expect, signIn, test } from '../platform/fixtures.js';

/** Charges and Journals (spec 2 §2, §4, §5, §8) against the demo company, at desktop and tablet widths. */

interface Funded { owner: string; door: string; dollars: number }
interface EntityBalance { ledger: number; doors: Record<string, number> }

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const { token, database } = await apiToken(page);
  const response = await page.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Demo owners whose door holds at least `min` dollars, richest door first. */
async function fundedOwners(page: Page, min: number): Promise<Funded[]> {
  const owners = await api<{ code: string }[]>(page, 'GET', '/api/entity/list/OWNER');
  const balances = await api<Record<string, EntityBalance>>(page, 'POST', '/api/entity/balances', { entities: owners.map((o) => o.code) });
  return Object.entries(balances)
    .flatMap(([owner, b]) => Object.entries(b.doors).map(([door, dollars]) => ({ owner, door, dollars })))
    .filter((f) => f.door && f.dollars >= min)
    .sort((a, b) => b.dollars - a.dollars);
}

async function openScreen(page: Page, route: 'charges' | 'journals') {
  await page.goto(`/management/transactions/${route}`);
  await expect(page.getByRole('tablist', { name: 'Transactions screens' })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table').first();
  await expect(table.getByText('Loading ....')).toHaveCount(0);
  await expect(page.getByTestId('list-row').first()).toBeVisible();
}

/** Picks a party in a party selector: its type, then account and (owners) unit, then OK. */
async function chooseParty(page: Page, trigger: Locator, popoverName: string, type: string, code: string, door?: string) {
  await trigger.click();
  const surface = page.getByLabel(popoverName);
  await surface.getByRole('radio', { name: type, exact: true }).check();
  if (type === 'BUSINESS') return;
  await surface.getByLabel('Account').selectOption(code);
  if (door) await surface.getByLabel('Unit').selectOption(door);
  await surface.getByRole('button', { name: 'OK' }).click();
  await expect(surface).toBeHidden();
}

/**
 * Types an amount: focus first, because the money input re-renders its text on focus
 * (1,234.00 becomes 1234.00), which would drop a selection made in the same step.
 */
async function setMoney(input: Locator, value: string) {
  await input.focus();
  await input.fill(value);
  await input.blur();
}

const toast = (page: Page, title: string) => page.locator('.fui-Toast').filter({ has: page.locator('.fui-ToastTitle').getByText(title, { exact: true }) }).first();

for (const width of [1280, 768]) {
  const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/transactions-screens/${width}/${name}.png`, fullPage: true });

  test(`a charge from an owner to a supplier: rules, saved message and printed memo at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
    const [payer] = await fundedOwners(page, 1);
    await openScreen(page, 'charges');
    await shot(page, 'charges-list');

    await page.getByRole('button', { name: 'Add Record' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Add Charge' });
    await expect(dialog).toBeVisible();
    await chooseParty(page, dialog.getByRole('button', { name: /^Payer:/ }), 'Choose payer', 'OWNER', payer!.owner, payer!.door);
    await expect(dialog.getByRole('button', { name: /^Payer:/ })).toContainText(`${payer!.owner} / ${payer!.door}`);
    await chooseParty(page, dialog.getByRole('button', { name: /^Recipient:/ }), 'Choose recipient', 'SUPPLIER', 'SPARKLE');
    const memo = `E2E clean ${width} ${Date.now()}`;
    await dialog.getByLabel('Name').fill('Cleaning');
    await dialog.getByLabel('Details').fill(`${memo}\nafter guest departure`);

    // No items: refused with the spec's message.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(CHARGE_MESSAGES.noItems)).toBeVisible();

    await dialog.getByRole('button', { name: 'Add Item' }).click();
    const item = dialog.getByTestId('charge-item').first();
    await item.getByLabel('Account').selectOption('CLEAN');
    await expect(item.getByLabel('Recipient')).toHaveValue('SPARKLE');
    await expect(item.getByLabel('Unit (door)')).toHaveValue(payer!.door);
    await expect(item.getByLabel('Description')).toHaveAttribute('placeholder', memo);
    await setMoney(item.getByLabel('Amount'), '1234.5');
    await expect(dialog.getByTestId('charge-total')).toHaveText('Total $1,234.50');
    // An item without a unit asks first: Proceed saves.
    await item.getByLabel('Unit (door)').selectOption('');
    await shot(page, 'charge-editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByTestId('editor-warning')).toHaveText(CHARGE_MESSAGES.itemWithoutDoor);
    await shot(page, 'charge-door-warning');
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await expect(dialog).toBeHidden();

    const saved = toast(page, 'Record Created');
    await expect(saved).toBeVisible();
    await expect(saved).toContainText(`from ${payer!.owner} to SPARKLE`);
    await shot(page, 'charge-saved-message');
    const popup = page.waitForEvent('popup');
    await saved.getByText('Print Memo', { exact: true }).click();
    const pdfUrl = (await popup).url();
    expect(pdfUrl).toMatch(/^blob:/);
    const pdf = await page.evaluate(async (url) => new TextDecoder('latin1').decode(await (await fetch(url)).arrayBuffer()), pdfUrl);
    expect(pdf.startsWith('%PDF')).toBe(true);
    for (const text of ['MEMO', 'Sparkle Cleaning Co', memo, '$1,234.50', 'CLEAN']) expect(pdf).toContain(text);

    // The list shows it pending; it opens for editing with its print button.
    const row = page.getByTestId('list-row').filter({ hasText: memo });
    await expect(row).toContainText('$1,234.50');
    await expect(row).toContainText('Pending');
    await row.click();
    const editor = page.getByRole('alertdialog', { name: /^Charge \d+/ });
    await expect(editor.getByRole('button', { name: 'Print Memo' })).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Delete' })).toBeVisible();
    await shot(page, 'charge-edit');
    await editor.getByRole('button', { name: 'Cancel' }).click();
  });

  test(`journals: balance rule, overdrawn notice, posting and reversal at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
    const funded = await fundedOwners(page, 5);
    const from = funded[0]!;
    const to = funded.find((f) => f.owner !== from.owner)!;
    await openScreen(page, 'journals');
    await shot(page, 'journals-list');

    await page.getByRole('button', { name: 'Add Record' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Add Journal' });
    const memo = `E2E transfer ${width} ${Date.now()}`;
    await dialog.getByLabel('Details').fill(memo);
    const lines = dialog.getByTestId('journal-line');
    await expect(lines).toHaveCount(2);
    const fillLine = async (line: Locator, who: Funded, side: 'Debit' | 'Credit', amount: string) => {
      await chooseParty(page, line.getByRole('button', { name: /^Entity:/ }), 'Choose entity', 'OWNER', who.owner, who.door);
      await line.getByLabel('Account').selectOption('OWNFUNDS');
      await line.getByLabel('Description').fill(`Transfer ${side === 'Debit' ? 'to' : 'from'} ${side === 'Debit' ? to.owner : from.owner}`);
      await setMoney(line.getByLabel(side), amount);
    };
    await fillLine(lines.nth(0), from, 'Debit', '5.00');
    await fillLine(lines.nth(1), to, 'Credit', '4.00');
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(dialog.getByTestId('balance-notice')).toHaveText(JOURNAL_MESSAGES.notBalanced);
    await expect(save).toBeDisabled();
    await shot(page, 'journal-unbalanced');

    // Balanced but more than the door holds: the overdrawn notice, and still no Save.
    const tooMuch = (Math.ceil(from.dollars) + 1000).toFixed(2);
    await setMoney(lines.nth(0).getByLabel('Debit'), tooMuch);
    await setMoney(lines.nth(1).getByLabel('Credit'), tooMuch);
    const notice = dialog.getByTestId('overdrawn-notice');
    await expect(notice).toContainText(JOURNAL_MESSAGES.overdrawn);
    await expect(notice).toContainText(`${from.owner} / ${from.door}`);
    await expect(dialog.getByTestId('balance-notice')).toHaveCount(0);
    await expect(save).toBeDisabled();
    await shot(page, 'journal-overdrawn');

    await setMoney(lines.nth(0).getByLabel('Debit'), '5.00');
    await setMoney(lines.nth(1).getByLabel('Credit'), '5.00');
    await expect(notice).toHaveCount(0);
    await expect(save).toBeEnabled();
    await shot(page, 'journal-editor');
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Record Created')).toBeVisible();

    const row = page.getByTestId('list-row').filter({ hasText: memo });
    await expect(row).toContainText(from.owner);
    await expect(row).toContainText(to.owner);
    await expect(row).toContainText('$5.00');

    // A posted journal opens read-only and is corrected by reversing it, with a reason.
    await row.click();
    const posted = page.getByRole('alertdialog', { name: /^Journal \d+/ });
    await expect(posted.getByRole('table', { name: 'Journal lines' })).toContainText(from.owner);
    await expect(posted.getByRole('button', { name: 'Save' })).toHaveCount(0);
    const reverse = posted.getByRole('button', { name: 'Reverse Journal' });
    await expect(reverse).toBeDisabled();
    await posted.getByLabel('Reason for reversal').fill('Posted to the wrong owner in the e2e test');
    await shot(page, 'journal-posted');
    await reverse.click();
    await expect(posted).toBeHidden();
    await expect(row).toContainText('Reversal');
    await expect(row).toHaveCSS('background-color', 'rgb(253, 243, 244)');
    await shot(page, 'journals-list-reversed');
  });
}
