import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from '../platform/fixtures.js';
import { HOLD_REASONS } from '../../api/src/contracts/disbursement.js';

/*
 * Release Charges and Disbursement against the demo company: a charge raised through the API for
 * a demo owner is released on screen; that owner gets a hold and is disbursed, and the ABA file
 * the browser downloads is checked record by record against the amount the screen showed.
 */

type Headers = Record<string, string>;
interface DisburseRow { code: string; type: string; name: string; disburse_method: string; disburse_allowed: boolean; funds: number; pending: number; disburse: number; hold: number; hold_reason: string | null; doors: string[]; charge_release_override: boolean }

async function apiHeaders(page: Page): Promise<Headers> {
  const { token, database } = await apiToken(page);
  return { Authorization: `Bearer ${token}`, 'X-Database': database };
}

async function getData<T>(request: APIRequestContext, headers: Headers, path: string): Promise<T> {
  const response = await request.get(path, { headers });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const cents = (text: string) => Math.round(Number(text.replace(/[$,()]/g, '')) * 100);

/** A list row by its tick box's name (codes may be prefixes of one another). */
const rowOf = (page: Page, code: string): Locator =>
  page.getByTestId('list-row').filter({ has: page.getByRole('checkbox', { name: `Select ${code}`, exact: true }) });

async function signInTo(page: Page, route: string, heading: string) {
  await signIn(page);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  await page.goto(route);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table').first().getByText('Loading ....')).toHaveCount(0);
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

const shot = (page: Page, width: number, name: string) =>
  page.screenshot({ path: `test-results/transactions-screens/${width}/${name}.png`, fullPage: true });

test('a charge raised for a demo owner is released, the owner held and disbursed, and the ABA file matches the screen', async ({ page }) => {
  test.setTimeout(180_000);
  const headers = await apiHeaders(page);
  const rows = await getData<DisburseRow[]>(page.request, headers, '/api/disburse');
  const owner = rows.find((r) => r.type === 'OWNER' && r.disburse_method === 'EFT' && r.disburse_allowed && !r.charge_release_override && r.disburse >= 100 && r.doors.length);
  expect(owner, 'a demo EFT owner with funds to disburse').toBeTruthy();
  const control = await getData<{ today: string }>(page.request, headers, '/api/control');

  // A charge of our own, so the release does not depend on what the demo left pending.
  const memo = `E2E release ${Date.now()}`;
  const created = await page.request.post('/api/charge', {
    headers,
    data: { date: control.today, payer_type: 'OWNER', entity: owner!.code, door: owner!.doors[0], recipient_type: 'BUSINESS', recipient: 'BUSINESS', memo, name: 'E2E release', items: [{ account_id: 'CLEAN', amount: 12.34 }] },
  });
  expect(created.status()).toBe(200);
  const charge = ((await created.json()) as { data: { id: number; ref: string } }).data;

  // Release Charges: the owner's row expands to its pending charges; only ours is ticked.
  await signInTo(page, '/management/transactions/chargerelease', 'Release Charges');
  await search(page, owner!.code);
  const releaseRow = rowOf(page, owner!.code);
  await expect(releaseRow).toHaveCount(1);
  const update = page.getByRole('button', { name: 'Update Now' });
  await expect(update).toBeDisabled();
  await releaseRow.getByRole('button', { name: 'Expand row' }).click();
  const ours = page.getByRole('checkbox', { name: `Select charge ${charge.ref}`, exact: true });
  await expect(ours).toBeEnabled();
  await ours.check();
  await expect(page.getByTestId('release-selected')).toHaveText('1 charge selected, $12.34');
  await expect(releaseRow.getByRole('cell').nth(8)).toHaveText('$12.34');
  await expect(update).toBeEnabled();
  await shot(page, 1280, 'release-selected');
  await update.click();
  const released = page.getByTestId('release-result');
  await expect(released).toContainText('1 charge released totalling $12.34');
  await expect(released).toContainText('Release only makes charges payable');
  await expect(update).toBeDisabled();
  const status = await getData<{ status: string }>(page.request, headers, `/api/charge/full/${charge.id}`);
  expect(status.status).toBe('RELEASED');

  // Disbursement: a hold on the owner through the expanded row's holds panel.
  await page.goto('/management/transactions/disbursement');
  await expect(page.getByRole('heading', { name: 'Disbursement' })).toBeVisible({ timeout: 30_000 });
  await search(page, owner!.code);
  const row = rowOf(page, owner!.code);
  await expect(row).toHaveCount(1);
  const holdCell = row.getByRole('cell').nth(7);
  const disburseCell = row.getByRole('cell').nth(10);
  const before = cents((await disburseCell.textContent()) ?? '');
  await row.getByRole('button', { name: 'Expand row' }).click();
  const panel = page.getByTestId(`holds-panel-${owner!.code}`);
  await expect(panel.getByRole('region', { name: 'Holds' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Charge Release Override' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Update Holds' })).toBeDisabled();
  const thisMonth = panel.getByRole('textbox', { name: 'Hold this month' });
  const held = cents((await thisMonth.inputValue()) || '0') + 500;
  await thisMonth.fill(((held) / 100).toFixed(2));
  await panel.getByRole('textbox', { name: "Reason for this month's hold" }).fill('E2E hold for repairs');
  await panel.getByRole('button', { name: 'Update Holds' }).click();
  await expect(page.locator('.fui-ToastTitle').getByText('Holds Updated', { exact: true }).first()).toBeVisible();
  await expect(holdCell).toHaveText(`(${money(Math.round(owner!.hold * 100) + 500)})`);
  await expect(disburseCell).toHaveText(money(before - 500));
  await shot(page, 1280, 'disbursement-holds');

  // A party whose method is HOLD shows why and cannot be ticked.
  const heldByMethod = rows.find((r) => r.hold_reason === 'Hold Funds');
  if (heldByMethod) {
    await search(page, heldByMethod.code);
    await expect(rowOf(page, heldByMethod.code)).toContainText('Hold Funds');
    await expect(page.getByRole('checkbox', { name: `Select ${heldByMethod.code}`, exact: true })).toBeDisabled();
    await search(page, owner!.code);
  }

  // A party paid by cheque is held automatically (spec 2 §4 'Holds'): it says why and cannot be
  // ticked; cheques are written by hand from Payments. The owner is disbursed by EFT alone.
  const cheque = rows.find((r) => r.disburse_method === 'CHEQUE');
  expect(cheque, 'a demo party paid by cheque').toBeTruthy();
  expect(cheque).toMatchObject({ disburse_allowed: false, disburse: 0, hold_reason: HOLD_REASONS.CHEQUE });
  await search(page, cheque!.code);
  await expect(rowOf(page, cheque!.code)).toContainText(HOLD_REASONS.CHEQUE);
  await expect(page.getByRole('checkbox', { name: `Select ${cheque!.code}`, exact: true })).toBeDisabled();
  await search(page, owner!.code);
  await page.getByRole('checkbox', { name: `Select ${owner!.code}`, exact: true }).check();
  const shown = before - 500;
  await expect(page.getByTestId('disburse-plan')).toHaveText(`1 to pay, ${money(shown)} by EFT`);
  await search(page, '');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Disburse Now' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ABA-[A-Z0-9]+-\d{8}-\d{6}-\w+\.aba$/);
  const result = page.getByTestId('disburse-result');
  await expect(result).toContainText(`Disbursed ${money(shown)} to 1 payee; 1 by EFT (${money(shown)}) in ${download.suggestedFilename()}`);
  await shot(page, 1280, 'disbursement-result');

  const text = readFileSync((await download.path())!, 'latin1');
  expect(text.endsWith('\r\n')).toBe(true);
  const records = text.slice(0, -2).split('\r\n');
  for (const record of records) {
    expect(record).toHaveLength(120);
    expect(record).not.toMatch(/[\r\n]/);
  }
  expect(records.map((r) => r[0]).join('')).toMatch(/^01+17$/);
  const credits = records.filter((r) => r[0] === '1' && r.slice(18, 20) === '50');
  expect(credits).toHaveLength(1);
  const total = records.at(-1)!;
  expect(total.slice(1, 8)).toBe('999-999');
  expect(Number(total.slice(30, 40))).toBe(shown);
  expect(Number(credits[0]!.slice(20, 30))).toBe(shown);

  // Paid: the owner has nothing left to disburse.
  await search(page, owner!.code);
  await expect(disburseCell).toHaveText('$0.00');
  await expect(page.getByRole('checkbox', { name: `Select ${owner!.code}`, exact: true })).not.toBeChecked();
});

interface Entity extends Record<string, unknown> { code: string }

/**
 * Rows of every colour and state, made through the API on demo owners nobody else here uses
 * (EFT, funds, nothing pending or held): release rows green (funds cover the charges), lighter
 * green (they cover only the smallest) and grey (not even that); disbursement rows yellow (a
 * release only), grey (neither) and an owner without a bank account.
 */
async function prepareStates(page: Page): Promise<Record<'green' | 'lightgreen' | 'grey' | 'yellow' | 'noBank', DisburseRow> & { lightgreenCharges: string[] }> {
  const headers = await apiHeaders(page);
  const rows = await getData<DisburseRow[]>(page.request, headers, '/api/disburse');
  const free = rows.filter((r) => r.type === 'OWNER' && r.disburse_method === 'EFT' && r.disburse_allowed && r.pending === 0 && r.hold === 0 && r.funds >= 200 && r.doors.length);
  expect(free.length, 'five demo owners free to change').toBeGreaterThanOrEqual(5);
  const [green, lightgreen, grey, yellow, noBank] = free as [DisburseRow, DisburseRow, DisburseRow, DisburseRow, DisburseRow];
  const { today } = await getData<{ today: string }>(page.request, headers, '/api/control');
  const raise = async (owner: DisburseRow, amount: number) => {
    const response = await page.request.post('/api/charge', {
      headers,
      data: { date: today, payer_type: 'OWNER', entity: owner.code, door: owner.doors[0], recipient_type: 'BUSINESS', recipient: 'BUSINESS', memo: 'E2E row colours', name: 'E2E', items: [{ account_id: 'CLEAN', amount }] },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: { ref: string } }).data.ref;
  };
  const whole = (dollars: number) => Math.floor(dollars);
  await raise(green, 25);
  const lightgreenCharges = [await raise(lightgreen, whole(lightgreen.funds * 0.6)), await raise(lightgreen, whole(lightgreen.funds * 0.6))];
  await raise(grey, whole(grey.funds) + 100);
  const half = whole(yellow.funds / 2);
  await raise(yellow, half);
  const held = await page.request.put(`/api/entity/${yellow.code}`, {
    headers,
    data: { hold_always: 0, hold_always_reason: null, hold_this_month: Math.round((yellow.funds - half) * 100) / 100, hold_this_month_reason: 'E2E keeps the rest' },
  });
  expect(held.status()).toBe(200);
  const record = await getData<Entity>(page.request, headers, `/api/entity/${noBank.code}`);
  const unbanked = await page.request.put(`/api/entity/${noBank.code}`, { headers, data: { ...record, bank: null, bank_bsb: null } });
  expect(unbanked.status()).toBe(200);
  return { green, lightgreen, grey, yellow, noBank, lightgreenCharges };
}

let prepared: Awaited<ReturnType<typeof prepareStates>> | null = null;

for (const width of [1280, 768]) {
  test(`release and disbursement screens at ${width}px: colours, what may be ticked or expanded`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
    prepared ??= await prepareStates(page);
    const { green, lightgreen, grey, yellow, noBank, lightgreenCharges } = prepared;

    // The lists are shot as they open; each row is then found by its code (the list may run to pages).
    await page.goto('/management/transactions/chargerelease');
    await expect(page.getByRole('heading', { name: 'Release Charges' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('list-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Now' })).toBeDisabled();
    await shot(page, width, 'release-list');
    // A whole row is ticked only when its funds cover all its charges.
    const tickBox = (code: string) => page.getByRole('checkbox', { name: `Select ${code}`, exact: true });
    for (const [owner, enabled] of [[green, true], [lightgreen, false], [grey, false]] as const) {
      await search(page, owner.code);
      await expect(tickBox(owner.code)).toBeEnabled({ enabled });
    }
    // Lighter green: one of the two charges fits, and once it is ticked the other no longer does.
    await search(page, lightgreen.code);
    await rowOf(page, lightgreen.code).getByRole('button', { name: 'Expand row' }).click();
    // By their references: a test in the other worker may raise every unit's monthly fees meanwhile.
    const charges = page.getByRole('table', { name: `Pending charges of ${lightgreen.name}` });
    const [first, second] = lightgreenCharges.map((ref) => charges.getByRole('checkbox', { name: `Select charge ${ref}`, exact: true }));
    await expect(second!).toBeEnabled();
    await first!.check();
    await expect(second!).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Update Now' })).toBeEnabled();
    await shot(page, width, 'release-expanded');

    await page.goto('/management/transactions/disbursement');
    await expect(page.getByRole('heading', { name: 'Disbursement' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('list-row').first()).toBeVisible();
    await expect(rowOf(page, 'BUSINESS').getByRole('button', { name: 'Expand row' })).toHaveCount(0);
    await shot(page, width, 'disbursement-list');
    await search(page, noBank.code);
    await expect(rowOf(page, noBank.code)).toContainText('Invalid Bank Account - Funds Held');
    await expect(rowOf(page, noBank.code).getByRole('img', { name: `${noBank.code} has no bank account` })).toBeVisible();
    await expect(tickBox(noBank.code)).toBeDisabled();
    // Yellow: a release only, may be ticked but not expanded; grey: neither.
    await search(page, yellow.code);
    await expect(tickBox(yellow.code)).toBeEnabled();
    await expect(rowOf(page, yellow.code).getByRole('button', { name: 'Expand row' })).toHaveCount(0);
    await search(page, grey.code);
    await expect(tickBox(grey.code)).toBeDisabled();
    await search(page, green.code);
    await rowOf(page, green.code).getByRole('button', { name: 'Expand row' }).click();
    const panel = page.getByTestId(`holds-panel-${green.code}`);
    await expect(panel.getByRole('region', { name: 'Charge Release Override' })).toBeVisible();
    await shot(page, width, 'disbursement-expanded');
  });
}
