import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { JOURNAL_MESSAGES } from '../../api/src/contracts/journals.js';
import { threeWayColour } from '../../api/src/contracts/audit.js';
import type { ThreeWayBalance } from '../../api/src/contracts/balances.js';
import { REVERSAL_REASON_MESSAGE } from '../../api/src/contracts/cashbook.js';
import { apiToken, expect, signIn, test } from '../platform/fixtures.js';
import { chooseParty, setMoney, toast } from '../transactions/support.js';

/*
 * A trust accountant's month, through the screens only (the API is read, never written, by the
 * test): a new owner with a unit and a new supplier; a receipt entered in error and reversed with
 * a reason; rent receipted; a cleaning charge raised and released; a journal; the supplier paid;
 * the owner disbursed with the ABA file checked against the screen; the dashboard's three-way card
 * green. On the way, each refusal the spec names, with its message.
 */

// A refusal or a changed label fails in seconds, not at the end of the whole walk's budget.
test.use({ actionTimeout: 20_000 });

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const OWNER = `WALKO${RUN}`;
const SUPPLIER = `WALKS${RUN}`;
const DOOR = `W${RUN}`;

const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const cents = (text: string) => Math.round(Number(text.replace(/[$,()]/g, '')) * 100);
const rows = (page: Page) => page.getByTestId('list-row');
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/month-walk/${name}.png`, fullPage: true });

async function read<T>(page: Page, path: string): Promise<T> {
  const { token, database } = await apiToken(page);
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function open(page: Page, route: string, heading: string) {
  await page.goto(route);
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table').first().getByText('Loading ....')).toHaveCount(0);
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

/** A receipt from a guest (payer OTHER) into the owner's door, on one account. */
async function receiptFromGuest(page: Page, memo: string, account: string, amount: string): Promise<string> {
  await page.getByRole('button', { name: 'Add Record' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Add Receipt' });
  await dialog.getByRole('button', { name: /^Payer:/ }).click();
  const payer = page.getByLabel('Choose payer');
  await payer.getByRole('radio', { name: 'OTHER', exact: true }).check();
  await payer.getByLabel('Name and address').fill('Jane Walker\n1 Beach Road\nNoosa Heads QLD 4567');
  await payer.getByRole('button', { name: 'OK' }).click();
  await expect(payer).toBeHidden();
  await dialog.getByLabel('Details').fill(memo);
  await dialog.getByLabel('Payment Method').selectOption('EFT');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  const item = dialog.getByTestId('receipt-item').first();
  await item.getByRole('button', { name: /^Charge or Account:/ }).click();
  const pick = page.getByLabel('Choose charge or account');
  await pick.getByRole('radio', { name: 'OWNER', exact: true }).check();
  await pick.getByLabel('Party').selectOption(OWNER);
  await pick.getByLabel('Unit').selectOption(DOOR);
  await pick.getByLabel('Transaction account').selectOption(account);
  await pick.getByRole('button', { name: 'OK' }).click();
  await setMoney(item.getByLabel('Receipt Amount'), amount);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const saved = toast(page, /^Receipt \d+ posted$/);
  await expect(saved).toBeVisible();
  return (await saved.locator('.fui-ToastTitle').innerText()).match(/Receipt (\d+) posted/)![1]!;
}

test('a month in the trust account, screen by screen', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });

  // 1. A new owner paid by EFT, and a new supplier.
  await open(page, '/accounts/owners', 'Owners');
  await page.getByRole('button', { name: 'Add Record' }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Add Owner' });
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(OWNER);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Walker Family Trust');
  await dialog.getByRole('combobox', { name: 'Category', exact: true }).selectOption('HOLIDAY');
  await dialog.getByRole('tab', { name: 'Disbursement' }).click();
  await dialog.getByRole('textbox', { name: 'BSB', exact: true }).fill('062-000');
  await dialog.getByLabel('Account number').fill('87654321');
  await dialog.getByLabel('Account name').fill('Walker Family Trust');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Record Created')).toBeVisible();
  await expect(dialog).toBeHidden();

  await open(page, '/accounts/suppliers', 'Suppliers');
  await page.getByRole('button', { name: 'Add Record' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Add Supplier' });
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(SUPPLIER);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Walk Cleaning Services');
  await dialog.getByRole('combobox', { name: 'Category', exact: true }).selectOption('TRADES');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Record Created')).toBeVisible();
  await expect(dialog).toBeHidden();

  // 2. The owner's unit (each screen is opened by a fresh page load, which reads the new parties).
  await open(page, '/accounts/units', 'Units');
  await page.getByRole('button', { name: 'Add Record' }).click();
  dialog = page.getByRole('alertdialog').first();
  await dialog.getByRole('textbox', { name: 'Door', exact: true }).fill(DOOR);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Walker Beach House ${RUN}`);
  await dialog.getByRole('combobox', { name: 'Unit Type', exact: true }).selectOption('TWOBED');
  await dialog.getByRole('combobox', { name: 'Unit Class', exact: true }).selectOption('HOLIDAY');
  await dialog.getByRole('combobox', { name: 'Owner', exact: true }).selectOption(OWNER);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Record Created')).toBeVisible();

  // 3. A receipt entered in error, then the rent received from the tenant into the owner's door.
  await open(page, '/management/transactions/receipts', 'Receipts');
  const wrong = await receiptFromGuest(page, `Deposit entered twice ${RUN}`, 'RENT', '25');
  const rent = await receiptFromGuest(page, `Rent for ${DOOR}, two weeks ${RUN}`, 'RENT', '2000');

  // The one in error is no longer the newest, so it is reversed (not deleted): a reason under 10 characters is refused first.
  await search(page, RUN);
  const wrongRow = rows(page).filter({ hasText: `Deposit entered twice ${RUN}` });
  await expect(rows(page).filter({ hasText: rent })).toHaveCount(1);
  await wrongRow.getByRole('button', { name: 'Expand row' }).click();
  await page.getByTestId('list-row-expanded').getByRole('button', { name: 'Reverse Receipt' }).click();
  const reversal = page.getByRole('alertdialog', { name: `Reverse Receipt ${wrong}` });
  const reason = reversal.getByPlaceholder(REVERSAL_REASON_MESSAGE);
  await reason.fill('twice');
  await expect(reversal.getByText(REVERSAL_REASON_MESSAGE, { exact: true })).toBeVisible();
  await expect(reversal.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await shot(page, 'reversal-reason');
  await reason.fill('The deposit was already receipted');
  await reversal.getByRole('button', { name: 'Proceed' }).click();
  await expect(toast(page, new RegExp(`^Receipt ${wrong} reversed by reversal`))).toBeVisible();
  await expect(wrongRow).toHaveCSS('text-decoration-line', 'line-through');
  await shot(page, 'receipt-posted');

  // 4. A cleaning charge from the owner to the supplier, then released.
  await open(page, '/management/transactions/charges', 'Charges');
  await page.getByRole('button', { name: 'Add Record' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Add Charge' });
  await chooseParty(page, dialog.getByRole('button', { name: /^Payer:/ }), 'Choose payer', 'OWNER', OWNER, DOOR);
  await chooseParty(page, dialog.getByRole('button', { name: /^Recipient:/ }), 'Choose recipient', 'SUPPLIER', SUPPLIER);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Cleaning');
  await dialog.getByLabel('Details').fill(`End of lease clean ${RUN}`);
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  const chargeItem = dialog.getByTestId('charge-item').first();
  await chargeItem.getByLabel('Account').selectOption('CLEAN');
  await expect(chargeItem.getByLabel('Recipient')).toHaveValue(SUPPLIER);
  await setMoney(chargeItem.getByLabel('Amount'), '180');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Record Created')).toContainText(`from ${OWNER} to ${SUPPLIER}`);

  await open(page, '/management/transactions/chargerelease', 'Release Charges');
  await search(page, OWNER);
  await page.getByRole('checkbox', { name: `Select ${OWNER}`, exact: true }).check();
  await expect(page.getByTestId('release-selected')).toHaveText('1 charge selected, $180.00');
  await page.getByRole('button', { name: 'Update Now' }).click();
  await expect(page.getByTestId('release-result')).toContainText('1 charge released totalling $180.00');
  await shot(page, 'released');

  // 5. A journal: refused while out of balance, noticed when it would overdraw, then posted.
  await open(page, '/management/transactions/journals', 'Journals');
  await page.getByRole('button', { name: 'Add Record' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Add Journal' });
  await dialog.getByLabel('Details').fill(`Replacement keys paid by the supplier ${RUN}`);
  const lines = dialog.getByTestId('journal-line');
  await chooseParty(page, lines.nth(0).getByRole('button', { name: /^Entity:/ }), 'Choose entity', 'OWNER', OWNER, DOOR);
  await lines.nth(0).getByLabel('Account').selectOption('REPAIRS');
  await lines.nth(0).getByLabel('Description').fill('Replacement keys');
  await setMoney(lines.nth(0).getByLabel('Debit'), '15');
  await chooseParty(page, lines.nth(1).getByRole('button', { name: /^Entity:/ }), 'Choose entity', 'SUPPLIER', SUPPLIER);
  await lines.nth(1).getByLabel('Account').selectOption('REPAIRS');
  await lines.nth(1).getByLabel('Description').fill('Replacement keys');
  await setMoney(lines.nth(1).getByLabel('Credit'), '14');
  const saveJournal = dialog.getByRole('button', { name: 'Save' });
  await expect(dialog.getByTestId('balance-notice')).toHaveText(JOURNAL_MESSAGES.notBalanced);
  await expect(saveJournal).toBeDisabled();
  await setMoney(lines.nth(0).getByLabel('Debit'), '5000');
  await setMoney(lines.nth(1).getByLabel('Credit'), '5000');
  await expect(dialog.getByTestId('overdrawn-notice')).toContainText(JOURNAL_MESSAGES.overdrawn);
  await expect(dialog.getByTestId('overdrawn-notice')).toContainText(`${OWNER} / ${DOOR}`);
  await expect(saveJournal).toBeDisabled();
  await shot(page, 'journal-overdrawn');
  await setMoney(lines.nth(0).getByLabel('Debit'), '15');
  await setMoney(lines.nth(1).getByLabel('Credit'), '15');
  await expect(saveJournal).toBeEnabled();
  await saveJournal.click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Record Created')).toBeVisible();

  // 6. The supplier paid what it holds: a cent more keeps Save disabled.
  const supplierLedger = toCentsOf((await read<{ ledger: number }>(page, `/api/entity/balance/${SUPPLIER}`)).ledger);
  expect(supplierLedger).toBeGreaterThan(0);
  await open(page, '/management/transactions/payments', 'Payments');
  await page.getByRole('button', { name: 'Add Record' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Add Payment' });
  await chooseParty(page, dialog.getByRole('button', { name: /^Payer Entity:/ }), 'Choose payer entity', 'SUPPLIER', SUPPLIER);
  await expect(dialog.getByTestId('balances-bar')).toContainText(`${money(supplierLedger)} ledger funds available`);
  await dialog.getByLabel('Details').fill(`Cleaning and keys ${RUN}`);
  await dialog.getByLabel('Payee').fill('Walk Cleaning Services');
  const savePayment = dialog.getByRole('button', { name: 'Save' });
  await setMoney(dialog.getByLabel('Amount'), ((supplierLedger + 1) / 100).toFixed(2));
  await expect(dialog.getByTestId('payment-save-reason')).toContainText("more than the payer's ledger balance");
  await expect(savePayment).toBeDisabled();
  await setMoney(dialog.getByLabel('Amount'), (supplierLedger / 100).toFixed(2));
  await expect(savePayment).toBeEnabled();
  await savePayment.click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, /^Payment \d+ posted$/)).toBeVisible();
  expect((await read<{ ledger: number }>(page, `/api/entity/balance/${SUPPLIER}`)).ledger).toBe(0);

  // 7. The owner disbursed: the ABA file pays exactly what the screen shows.
  await open(page, '/management/transactions/disbursement', 'Disbursement');
  await search(page, OWNER);
  const ownerRow = rows(page).filter({ has: page.getByRole('checkbox', { name: `Select ${OWNER}`, exact: true }) });
  await expect(ownerRow).toHaveCount(1);
  await page.getByRole('checkbox', { name: `Select ${OWNER}`, exact: true }).check();
  const plan = await page.getByTestId('disburse-plan').innerText();
  const shown = cents(/^1 to pay, (\$[\d,.]+)/.exec(plan)![1]!);
  expect(shown).toBe(200_000 - 18_000 - 1_500);
  await shot(page, 'disbursement');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Disburse Now' }).click();
  const download = await downloading;
  await expect(page.getByTestId('disburse-result')).toContainText(`Disbursed ${money(shown)} to 1 payee`);
  const aba = readFileSync((await download.path())!, 'latin1').slice(0, -2).split('\r\n');
  const credits = aba.filter((r) => r[0] === '1' && r.slice(18, 20) === '50');
  expect(credits).toHaveLength(1);
  expect(credits[0]!.slice(8, 17)).toBe(' 87654321');
  expect(Number(aba.at(-1)!.slice(30, 40))).toBe(shown);
  expect(Number(credits[0]!.slice(20, 30))).toBe(shown);

  // 8. The owner's ledger is back to nothing, and the three ways agree. The card's colour then
  // says only how old the last reconciliation is (the demo reconciles at month ends), so it is
  // green early in a month and orange later: the spec's rule decides which.
  expect((await read<{ ledger: number }>(page, `/api/entity/balance/${OWNER}`)).ledger).toBe(0);
  const position = await read<ThreeWayBalance>(page, '/api/control/3waybalance');
  expect(position.zeroBalance).toBe(true);
  await page.goto('/dashboard');
  const threeWay = page.getByTestId('three-way-card');
  await expect(threeWay).toHaveAttribute('data-tone', threeWayColour(position.recAge, true), { timeout: 30_000 });
  await expect(threeWay.getByTestId('three-way-balance')).toHaveText('$0.00');
  await shot(page, 'dashboard');
});

function toCentsOf(dollars: number): number {
  return Math.round(dollars * 100);
}
