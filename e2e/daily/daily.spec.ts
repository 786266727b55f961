import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../platform/fixtures.js';
import { api, chooseParty, fundedOwners, setMoney, toast } from '../transactions/support.js';

/**
 * Daily (issue 11) against the demo company: deposits with their slips; the demo's sample statement
 * imported and matched, an unidentified deposit to suspense and cleared by a journal, a
 * reconciliation to the cent.
 */

/** The PDF a popup shows, read back as text from its blob. */
async function popupPdf(page: Page, click: () => Promise<void>): Promise<string> {
  const popup = page.waitForEvent('popup');
  await click();
  const url = (await popup).url();
  expect(url).toMatch(/^blob:/);
  return page.evaluate(async (u) => new TextDecoder('latin1').decode(await (await fetch(u)).arrayBuffer()).replace(/\\([()])/g, '$1'), url);
}

const money = (dollars: number) => `$${dollars.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const shot = (page: Page, width: number, name: string) => page.screenshot({ path: `test-results/daily-screens/${width}/${name}.png`, fullPage: true });

// Each width banks its own type (the demo leaves the last days' cards and cash waiting).
for (const [width, type, title] of [[1280, 'Credit Cards & EFTPOS', 'Merchant Settlement'], [768, 'Cash & Cheques', 'Bank Deposit']] as const) {
  test(`daily banking with its slip and review at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });

    await page.goto('/management/daily/banking');
    await page.getByRole('radio', { name: type }).check();
    const first = page.getByRole('checkbox', { name: /^Select (?!all)/ }).first();
    await expect(first).toBeEnabled();
    await first.check();
    await expect(page.getByTestId('deposit-total')).not.toHaveValue('$0.00');
    await shot(page, width, 'banking');
    await page.getByRole('button', { name: 'SUBMIT BANKING' }).click();
    const created = page.getByTestId('deposit-created');
    await expect(created.getByText(/^Deposit DEP\d+ created!$/)).toBeVisible();
    const ref = (await created.getByText(/^Deposit DEP\d+ created!$/).textContent())!.split(' ')[1]!;
    const slip = await popupPdf(page, () => created.getByRole('button', { name: 'View deposit slip' }).click());
    expect(slip).toContain(`${title} ${ref}`);
    await shot(page, width, 'deposit-created');
    await created.getByRole('button', { name: 'Back to Daily Banking' }).click();

    // Banking Review lists it, not reconciled, so it can still be deleted.
    await page.goto('/management/daily/bankhist');
    const row = page.getByRole('row', { name: new RegExp(ref) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible();
    await shot(page, width, 'banking-review');
  });
}

test('statement import, matching, suspense and a reconciliation to the cent at 1280px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });

  // The demo ships this month's statement: its last days are not imported yet.
  await page.goto('/management/daily/reconcile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download sample statement' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^CommBank \d{4}-\d{2}\.csv$/);
  await page.getByTestId('statement-file').setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: await readFile(await download.path()) });
  // (A toast's title and its announcement for screen readers both carry the message.)
  await expect(page.getByText(/^\d+ statement lines? imported, \d+ already held$/).first()).toBeVisible();

  // Accept one of the matcher's suggestions, then the rest at once; the deposit nobody can identify goes to suspense.
  const accept = page.getByRole('button', { name: /^Accept \d+ suggestions?$/ });
  await expect(accept).toBeEnabled();
  const offered = Number((await accept.textContent())!.split(' ')[1]);
  await page.getByRole('row', { name: /Suggested/ }).first().getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByText('1 match confirmed').first()).toBeVisible();
  await expect(accept).toHaveText(new RegExp(`^Accept ${offered - 1} suggestions?$`));
  await accept.click();
  await expect(page.getByRole('button', { name: 'Accept 0 suggestions' })).toBeDisabled();

  // A match undone, then made again by hand: the line chosen, its item picked in the dialog.
  const credit = page.getByRole('row')
    .filter({ has: page.getByRole('cell', { name: /^DIRECT CREDIT / }) })
    .filter({ has: page.getByRole('cell', { name: /^Matched CB\d+$/ }) })
    .first();
  const description = (await credit.getByRole('cell', { name: /^DIRECT CREDIT / }).textContent())!;
  const item = (await credit.getByRole('cell', { name: /^Matched CB\d+$/ }).textContent())!.split(' ')[1]!;
  await credit.getByRole('button', { name: 'Unmatch' }).click();
  await expect(page.getByText('Match undone').first()).toBeVisible();
  const line = page.getByRole('row').filter({ has: page.getByRole('cell', { name: description, exact: true }) });
  await expect(line.getByText(/^(Suggested|Unmatched)/)).toBeVisible();
  await line.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Match selected lines…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: `Match ${item}` }).check();
  await expect(dialog.getByTestId('match-totals')).toContainText('difference $0.00');
  await shot(page, 1280, 'match-by-hand');
  await dialog.getByRole('button', { name: 'Match', exact: true }).click();
  await expect(line.getByText(`Matched ${item}`)).toBeVisible();

  const unknown = page.getByRole('row', { name: /UNKNOWN PAYER/ });
  await unknown.getByRole('button', { name: 'To suspense' }).click();
  await expect(page.getByText(/^Receipt \S+ posted to SUSPENSE$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'To suspense' })).toHaveCount(0);

  // The statement's closing balance fills the new statement balance, and the ticked items make it to the cent.
  await expect(page.getByTestId('statement-balance-input')).not.toHaveValue('');
  const complete = page.getByRole('button', { name: 'COMPLETE RECONCILIATION' });
  await expect(complete).toBeEnabled();
  await shot(page, 1280, 'reconcile');
  await complete.click();
  const done = page.getByTestId('reconciliation-done');
  await expect(done.getByText(/^Reconciliation REC\d+ completed$/)).toBeVisible();
  const report = await popupPdf(page, () => done.getByRole('button', { name: 'View report' }).click());
  expect(report).toContain('Result: IN BALANCE');
  await done.getByRole('button', { name: 'Back to Daily Reconciliation' }).click();

  // History shows it, deletable as the latest; deleting restores the demo for the other specs.
  await page.goto('/management/daily/rechist');
  const latest = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Delete' }) });
  await expect(latest).toHaveCount(1);
  await shot(page, 1280, 'history');
  await latest.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/^Reconciliation REC\d+ deleted$/).first()).toBeVisible();

  // An adjustment: two balancing transactions, the one ticked moves the selected total by its amount.
  await page.goto('/management/daily/reconcile');
  const selectedTotal = page.getByTestId('selected-total');
  await expect(selectedTotal).not.toHaveText('$0.00');
  const cents = async () => Math.round(Number((await selectedTotal.textContent())!.replace(/[$,]/g, '')) * 100);
  const before = await cents();
  await page.getByRole('button', { name: 'ADD ADJUSTMENT' }).click();
  const adjustment = page.getByRole('dialog');
  await adjustment.getByRole('button', { name: 'Save' }).click();
  await expect(adjustment.getByText('Amount is Required')).toBeVisible();
  await adjustment.getByLabel('Amount').fill('-2.50');
  await adjustment.getByLabel('Details').fill('Bank fee not yet identified');
  await shot(page, 1280, 'adjustment');
  await adjustment.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Adjustments \S+ and \S+ posted$/).first()).toBeVisible();
  await expect.poll(cents).toBe(before - 250);

  // The audit shows the receipt waiting in suspense.
  await page.goto('/management/daily/task');
  await page.getByRole('button', { name: 'Run Audit' }).click();
  await expect(page.getByText('Audit complete!').first()).toBeVisible();
  // The audit lists its tasks in the order found: the demo's two days of unbanked receipts come first.
  await expect(page.getByRole('row', { name: /IMPORTANT|CRITICAL|INFO/ }).first()).toBeVisible();
  const suspense = page.getByRole('row', { name: /unidentified in SUSPENSE/ });
  while (!(await suspense.count())) await page.getByRole('button', { name: 'Next page' }).click();
  await expect(suspense.first()).toBeVisible();
  await shot(page, 1280, 'tasks');

  // Identified at last: a journal on the Journals screen moves what SUSPENSE holds to an owner.
  const { ledger: held } = await api<{ ledger: number }>(page, 'GET', '/api/entity/balance/SUSPENSE');
  expect(held).toBeGreaterThan(0);
  const [owner] = await fundedOwners(page, 0);
  const openSuspense = async () => {
    await page.goto('/accounts/unallocated');
    const row = page.getByTestId('list-row').filter({ has: page.getByRole('cell', { name: 'SUSPENSE', exact: true }) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    // Cells: expand, Code, Name, Funds, Pending, Balance.
    return row.getByRole('cell').nth(5);
  };
  await expect(await openSuspense()).toHaveText(money(held));

  await page.goto('/management/transactions/journals');
  await page.getByRole('button', { name: 'Add Record' }).click();
  const journal = page.getByRole('alertdialog', { name: 'Add Journal' });
  await journal.getByLabel('Details').fill('Unidentified deposit identified: rent for the owner');
  const lines = journal.getByTestId('journal-line');
  await chooseParty(page, lines.nth(0).getByRole('button', { name: /^Entity:/ }), 'Choose entity', 'UNALLOC', 'SUSPENSE');
  await lines.nth(0).getByLabel('Account').selectOption('SUSPENSE');
  await lines.nth(0).getByLabel('Description').fill('Identified');
  await setMoney(lines.nth(0).getByLabel('Debit'), held.toFixed(2));
  await chooseParty(page, lines.nth(1).getByRole('button', { name: /^Entity:/ }), 'Choose entity', 'OWNER', owner!.owner, owner!.door);
  await lines.nth(1).getByLabel('Account').selectOption('OWNFUNDS');
  await lines.nth(1).getByLabel('Description').fill('Rent identified from the bank statement');
  await setMoney(lines.nth(1).getByLabel('Credit'), held.toFixed(2));
  await shot(page, 1280, 'suspense-journal');
  await journal.getByRole('button', { name: 'Save' }).click();
  await expect(journal).toBeHidden();
  await expect(toast(page, 'Record Created')).toBeVisible();

  await expect(await openSuspense()).toHaveText('$0.00');
  await shot(page, 1280, 'suspense-cleared');
});

test('reconciliation, history and tasks screens at 768px', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await signIn(page);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  for (const [path, name, ready] of [
    ['/management/daily/reconcile', 'reconcile', 'COMPLETE RECONCILIATION'],
    ['/management/daily/rechist', 'history', 'Report'],
    ['/management/daily/task', 'tasks', 'Run Audit'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: ready }).first()).toBeVisible();
    await shot(page, 768, name);
  }
  // The bank items fit beside the menu: no sideways scrolling, the Amount column in view.
  await page.goto('/management/daily/reconcile');
  const items = page.getByRole('region', { name: 'Unreconciled bank items table' });
  await expect(items.getByRole('checkbox').nth(1)).toBeVisible();
  expect(await items.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  const amount = await items.getByRole('columnheader', { name: 'Amount' }).boundingBox();
  expect(amount!.x + amount!.width).toBeLessThanOrEqual(768);
});
