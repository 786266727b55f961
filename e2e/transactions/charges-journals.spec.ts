import type { Locator, Page } from '@playwright/test';
import { CHARGE_MESSAGES } from '../../api/src/contracts/charges.js';
import { JOURNAL_MESSAGES } from '../../api/src/contracts/journals.js';
import { expect, signIn, test } from '../platform/fixtures.js';
import { chooseParty, fundedOwners, openTransactions, setMoney, toast, type Funded } from './support.js';

/** Charges and Journals (spec 2 §2, §4, §5, §8) against the demo company, at desktop and tablet widths. */

async function openScreen(page: Page, route: 'charges' | 'journals') {
  await openTransactions(page, route);
  await expect(page.getByTestId('list-row').first()).toBeVisible();
}

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
