import { apiToken, expect, signInToDashboard, test } from '../platform/fixtures.js';
import type { Page } from '@playwright/test';
import { threeWayColour } from '../../api/src/contracts/audit.js';

/** Reads an API answer's data with the test's own token. */
async function apiData<T>(page: Page, path: string): Promise<T> {
  const { token, database } = await apiToken(page);
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A screenshot of the whole screen: the shell scrolls inside its main area, so the window is made
 * as tall as the content first. The mouse is moved off the charts (hovering one dims the others).
 */
async function shot(page: Page, width: number, name: string, content: string): Promise<void> {
  await page.mouse.move(0, 0);
  const height = await page.getByTestId(content).last().evaluate((el) => el.getBoundingClientRect().bottom + 200);
  await page.setViewportSize({ width, height: Math.max(900, Math.ceil(height)) });
  await page.screenshot({ path: `test-results/accounts-screens/${width}/${name}.png`, fullPage: true });
  await page.setViewportSize({ width, height: 900 });
}

const money = (dollars: number) => `$${dollars.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('dashboard shows the demo books: health, business, three-way, ledger, revenue and equality', async ({ page }) => {
  await signInToDashboard(page);
  const summary = await apiData<{ totals: { funds: number }; rows: { description: string; funds: number }[] }>(page, '/api/ledger/business/summary/?period=current');
  const threeWay = await apiData<{ balance: number; zeroBalance: boolean; recAge: number | null; cashbook: number; basis: string }>(page, '/api/control/3waybalance');

  const health = page.getByTestId('health-card');
  await expect(health.getByTestId('health-critical')).toContainText('Critical Tasks');
  await expect(health.getByTestId('health-reconcile').getByRole('link')).toHaveAttribute('href', '/management/daily/reconcile');
  await expect(health.getByTestId('health-banking').getByRole('link')).toHaveAttribute('href', '/management/daily/banking');

  const business = page.getByTestId('business-card');
  await expect(business.getByRole('link', { name: 'Business Accounts' })).toHaveAttribute('href', '/accounts/business');
  await expect(business.getByTestId('business-revenue')).toHaveText(money(summary.totals.funds));
  await expect(business.getByTestId('days-remaining')).toContainText('remaining');

  // The demo bank side (api/src/demo/bank-statements.ts) is reconciled at every month end before
  // this month, whose statement waits to be matched, and agrees three ways. The colour then follows
  // the last reconciliation's age: green early in a month, orange once it is a week old.
  const threeWayCard = page.getByTestId('three-way-card');
  expect(threeWay).toMatchObject({ zeroBalance: true, basis: 'RECONCILIATION' });
  expect(threeWay.recAge).toBeLessThanOrEqual(31);
  await expect(threeWayCard).toHaveAttribute('data-tone', threeWayColour(threeWay.recAge, true));
  await expect(threeWayCard).toContainText('Bank (statement + outstanding)');
  await expect(threeWayCard.getByTestId('three-way-balance')).toHaveText(money(threeWay.balance));
  await expect(threeWayCard).toContainText(money(threeWay.cashbook));

  const ledger = page.getByTestId('business-summary-card');
  const first = summary.rows.find((r) => r.funds !== 0)!;
  await expect(ledger.getByRole('row', { name: new RegExp(first.description) })).toContainText(money(first.funds));
  await expect(ledger.getByTestId('list-totals')).toContainText(money(summary.totals.funds));

  await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('equality-chart').locator('svg').first()).toBeVisible();

  await page.getByTestId('equality-card').getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Detailed Distribution Equality View' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('equality-range')).toContainText('plus or minus');
  await expect(dialog.getByTestId('equality-type').first()).toContainText('average $');
  await expect(dialog.getByRole('button')).toHaveText(['OK']);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('three-way-card').click();
  await page.waitForURL('**/management/daily/reconcile');
});

for (const width of [1280, 768]) {
  test(`dashboard at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInToDashboard(page);
    await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('equality-chart').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('business-summary-card').getByTestId('list-totals')).toBeVisible();
    const left = await page.getByTestId('dashboard-left').boundingBox();
    const middle = await page.getByTestId('dashboard-middle').boundingBox();
    const right = await page.getByTestId('dashboard-right').boundingBox();
    if (width >= 1200) {
      // Three columns side by side.
      expect(middle!.x).toBeGreaterThanOrEqual(left!.x + left!.width);
      expect(right!.x).toBeGreaterThanOrEqual(middle!.x + middle!.width);
    } else {
      // Stacked, one under the other, without overlap.
      expect(middle!.y).toBeGreaterThanOrEqual(left!.y + left!.height);
      expect(right!.y).toBeGreaterThanOrEqual(middle!.y + middle!.height);
    }
    await shot(page, width, 'dashboard', 'dashboard-pinned');
    await page.getByTestId('equality-card').getByRole('button', { name: 'Details' }).click();
    await expect(page.getByRole('alertdialog').getByTestId('equality-type').first().locator('svg')).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `test-results/accounts-screens/${width}/dashboard-equality.png` });
  });
}

interface PeriodRef {
  year: number;
  month: number;
}
interface BusinessSummary {
  period: PeriodRef;
  compare1: PeriodRef;
  compare2: PeriodRef;
  rows: { account_id: string; pending: number; funds: number; funds_compare1: number; funds_compare2: number }[];
  totals: { funds: number };
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const label = (p: PeriodRef) => `${MONTHS[p.month - 1]} ${p.year}`;

/**
 * A pending charge of our own to the business on the management fee, dated today, so the
 * expanded rows' pending charges do not depend on what the demo books left pending.
 */
async function raiseBusinessCharge(page: Page, memo: string): Promise<void> {
  const { token, database } = await apiToken(page);
  const headers = { Authorization: `Bearer ${token}`, 'X-Database': database };
  const units = await apiData<{ door: string; entity: string | null; inactive: boolean }[]>(page, '/api/unit/list');
  const unit = units.find((u) => u.entity && !u.inactive)!;
  const { today } = await apiData<{ today: string }>(page, '/api/control');
  const created = await page.request.post('/api/charge', {
    headers,
    data: { date: today, payer_type: 'OWNER', entity: unit.entity, door: unit.door, recipient_type: 'BUSINESS', recipient: 'BUSINESS', memo, name: 'E2E business', items: [{ account_id: 'MGMTFEE', amount: 12.34 }] },
  });
  expect(created.status()).toBe(200);
}

/**
 * Expands the management fee row: its pending charges add up to its Pending column, ours among
 * them only when it was pending at the period's end; then collapses it.
 */
async function expectMgmtFeePending(page: Page, summary: BusinessSummary, memo: string, ours: boolean): Promise<void> {
  const fee = summary.rows.find((r) => r.account_id === 'MGMTFEE')!;
  const tableRow = page.getByRole('table', { name: 'Business Accounts' }).getByTestId('list-row').filter({ has: page.getByRole('cell', { name: 'MGMTFEE', exact: true }) });
  await expect(tableRow).toContainText(money(fee.pending));
  await tableRow.getByRole('button', { name: 'Expand row' }).click();
  const pending = page.getByTestId('business-detail-MGMTFEE').getByRole('table', { name: 'MGMTFEE pending charges' });
  await expect(pending).toBeVisible();
  await expect(pending.getByRole('row', { name: new RegExp(memo) })).toHaveCount(ours ? 1 : 0);
  if (fee.pending !== 0) await expect(pending.getByTestId('list-totals')).toContainText(money(fee.pending));
  else await expect(pending.getByTestId('list-row')).toHaveCount(0);
  await tableRow.getByRole('button', { name: 'Collapse row' }).click();
}

async function openBusiness(page: Page): Promise<void> {
  await signInToDashboard(page);
  await page.goto('/accounts/business');
  await expect(page.getByRole('table', { name: 'Business Accounts' }).getByTestId('list-row').first()).toBeVisible();
}

test('business accounts: comparison #1 and #2, graph, statement and an expanded account', async ({ page }) => {
  const memo = `E2E business pending ${Date.now()}`;
  await raiseBusinessCharge(page, memo);
  await openBusiness(page);
  const summary = await apiData<BusinessSummary>(page, '/api/ledger/business/summary?period=current');
  const table = page.getByRole('table', { name: 'Business Accounts' });
  const row = summary.rows.find((r) => r.funds !== 0 && r.funds_compare1 !== 0)!;
  const tableRow = table.getByTestId('list-row').filter({ has: page.getByRole('cell', { name: row.account_id, exact: true }) });

  // The server's default comparisons: the previous month (#1) and the same month a year earlier (#2).
  await expect(table.getByRole('columnheader', { name: `#1 ${label(summary.compare1)}` })).toBeVisible();
  await expect(tableRow).toContainText(money(row.funds));
  await expect(tableRow).toContainText(money(row.funds_compare1));
  await page.getByRole('radio', { name: '#2' }).check();
  await expect(table.getByRole('columnheader', { name: `#2 ${label(summary.compare2)}` })).toBeVisible();

  // A comparison period of the user's choosing: two months back as #1.
  const back2 = summary.compare1.month === 1 ? { year: summary.compare1.year - 1, month: 12 } : { year: summary.compare1.year, month: summary.compare1.month - 1 };
  const chosen = await apiData<BusinessSummary>(page, `/api/ledger/business/summary?period=current&compare1=${back2.year}-${String(back2.month).padStart(2, '0')}`);
  await page.getByLabel('Compare #1 month').selectOption(String(back2.month));
  await page.getByLabel('Compare #1 year').selectOption(String(back2.year));
  await page.getByRole('radio', { name: '#1' }).check();
  await expect(table.getByRole('columnheader', { name: `#1 ${label(back2)}` })).toBeVisible();
  const chosenRow = chosen.rows.find((r) => r.account_id === row.account_id)!;
  await expect(tableRow).toContainText(money(chosenRow.funds_compare1));

  // Expanded: the account's lines of the business statement add up to its funds for the period,
  // and the charges pending to the business on an account add up to its Pending, ours included.
  await tableRow.getByRole('button', { name: 'Expand row' }).click();
  const detail = page.getByTestId(`business-detail-${row.account_id}`);
  await expect(detail.getByRole('table', { name: `${row.account_id} transactions` }).getByTestId('list-row').first()).toBeVisible();
  await expect(detail.getByRole('table', { name: `${row.account_id} transactions` }).getByTestId('list-totals')).toContainText(money(row.funds));
  await expect(detail.getByRole('table', { name: `${row.account_id} pending charges` })).toBeVisible();
  await tableRow.getByRole('button', { name: 'Collapse row' }).click();
  await expectMgmtFeePending(page, summary, memo, true);

  await page.getByRole('button', { name: 'Graph' }).click();
  const graph = page.getByRole('alertdialog', { name: 'Business Accounts Graph' });
  await expect(graph.getByTestId('business-graph').locator('svg').first()).toBeVisible();
  await graph.getByRole('button', { name: 'Close' }).click();
  await expect(graph).toBeHidden();

  const position = await apiData<{ rows: { code: string; balance: number }[] }>(page, `/api/ledger/summary?type=BUSINESS&year=${summary.period.year}&month=${summary.period.month}`);
  await page.getByRole('button', { name: 'Statement' }).click();
  const statement = page.getByRole('alertdialog', { name: 'Statement BUSINESS' });
  await expect(statement.getByTestId('statement-closing')).toHaveText(money(position.rows.find((r) => r.code === 'BUSINESS')!.balance));
  await statement.getByRole('button', { name: 'Close' }).click();

  // The period filter: the previous month, labelled Funds (not the current month's Revenue); no Future choice.
  await expect(page.getByRole('radio', { name: 'Future' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Period' }).check();
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Month').selectOption(String(summary.compare1.month));
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Year').selectOption(String(summary.compare1.year));
  await page.getByRole('button', { name: 'Apply Period Filter' }).click();
  await expect(table.getByRole('columnheader', { name: `Funds ${label(summary.compare1)}` })).toBeVisible();
  // A past period's pending charges are those pending at its end, as its Pending column counts them: not ours.
  const previous = await apiData<BusinessSummary>(page, `/api/ledger/business/summary?year=${summary.compare1.year}&month=${summary.compare1.month}`);
  await expectMgmtFeePending(page, previous, memo, false);
});

for (const width of [1280, 768]) {
  test(`business accounts at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openBusiness(page);
    const table = page.getByRole('table', { name: 'Business Accounts' });
    await table.getByTestId('list-row').first().getByRole('button', { name: 'Expand row' }).click();
    await expect(table.getByTestId('list-row-expanded').getByTestId('list-totals').first()).toBeVisible();
    await shot(page, width, 'business-accounts', 'list-row-expanded');
    await page.getByRole('button', { name: 'Graph' }).click();
    await expect(page.getByTestId('business-graph').locator('svg').first()).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `test-results/accounts-screens/${width}/business-accounts-graph.png` });
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Statement' }).click();
    await expect(page.getByTestId('statement-closing')).toBeVisible();
    // The dialog fades in: the picture waits for its animations to finish.
    await page.getByRole('alertdialog').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await page.screenshot({ path: `test-results/accounts-screens/${width}/business-accounts-statement.png` });
  });
}
