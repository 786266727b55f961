import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, signIn, test } from '../platform/fixtures.js';
import { api, call } from '../transactions/support.js';

/**
 * Archive and System Log (issue 13) against the demo company: a report and the month-end pack
 * (End Of Month → Download rebuilds a closed month's pack ZIP) are found in the Archive and
 * downloaded; a System Log row with detail expands and opens in the read-only editor.
 */

const shot = (page: Page, width: number, name: string) => page.screenshot({ path: `test-results/archive-log/${width}/${name}.png`, fullPage: true });

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const waiting = page.waitForEvent('download');
  await click();
  const download: Download = await waiting;
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

interface Job { status: string; result: { download?: { filename: string } } | null; error: unknown }

/** Runs a report job (the month-end pack) and answers its file's name once it is ready. */
async function runJob(page: Page, key: string, selection: unknown): Promise<string> {
  const started = await call(page, 'POST', `/api/reports/${key}`, selection);
  expect(started.status()).toBe(200);
  const { progress } = (await started.json()) as { progress: { id: string } };
  let job: Job | null = null;
  await expect.poll(async () => {
    job = await api<Job>(page, 'GET', `/api/progress/${progress.id}`);
    return job.status;
  }, { timeout: 120_000, intervals: [500, 1000, 2000] }).toMatch(/done|finished|complete|success|error|failed/i);
  expect(job!.result?.download?.filename, JSON.stringify(job)).toBeTruthy();
  return job!.result!.download!.filename;
}

/** Chooses a type in the list's filter panel and applies it. */
async function filterType(page: Page, label: string) {
  const filters = page.getByRole('group', { name: 'Filters' });
  if (!(await filters.isVisible())) await page.getByRole('button', { name: 'Filter' }).click();
  await filters.getByLabel('Type').selectOption({ label });
  await filters.getByRole('button', { name: 'Apply Filter' }).click();
}

test('the Archive finds and downloads a report and the month-end pack; the System Log opens a row', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });

  // A report and the last closed month's pack, made as the Reports screens make them.
  const report = await call(page, 'POST', '/api/reports/balances', { mode: 'DOWNLOAD' });
  expect(report.status()).toBe(200);
  const reportName = ((await report.json()) as { download: { filename: string } }).download.filename;
  const catalogue = await api<{ key: string; defaults: Record<string, unknown> }[]>(page, 'GET', '/api/reports');
  const eom = catalogue.find((e) => e.key === 'download');
  expect(eom, 'End Of Month → Download is in the catalogue').toBeTruthy();
  const packName = await runJob(page, 'download', { ...eom!.defaults, mode: 'DOWNLOAD' });
  expect(packName).toMatch(/\.zip$/);
  // Something with detail in the log: a category added through the API logs its record.
  const code = `AL${Date.now().toString(36).slice(-6).toUpperCase()}`;
  expect((await call(page, 'POST', '/api/category', { code, name: 'Archive and log e2e', type: 'OWNER' })).status()).toBe(200);

  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/management/daily/blob');
    const table = page.getByRole('table', { name: 'Archive' });
    await expect(table).toBeVisible({ timeout: 30_000 });
    for (const header of ['Date', 'User', 'Path', 'Document Name', 'Download']) await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    await filterType(page, 'Reports');
    // Newest first: the report just made is the first of its name (a rerun on the same demo made others).
    const reportRow = table.getByRole('row', { name: new RegExp(reportName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
    await expect(reportRow).toBeVisible();
    await expect(reportRow.getByRole('cell').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} @\d{2}:\d{2}(am|pm)$/);
    await shot(page, width, 'archive-reports');
    if (width === 1280) {
      const pdf = await downloaded(page, () => reportRow.getByRole('button', { name: /^Download/ }).click());
      expect(pdf.name).toBe(reportName);
      expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

      await page.getByRole('searchbox', { name: 'Search' }).fill('.zip');
      const packRow = table.getByRole('row', { name: new RegExp(packName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
      await expect(packRow).toBeVisible();
      const zip = await downloaded(page, () => packRow.getByRole('button', { name: /^Download/ }).click());
      expect(zip.name).toBe(packName);
      expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      await page.getByRole('searchbox', { name: 'Search' }).fill('');
    }
    // Month End over the demo's year: the bank files of the months it closed (older than the default 7 days).
    await filterType(page, 'Month End');
    await expect(table.getByRole('row', { name: new RegExp(reportName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toHaveCount(0);
    if (width === 1280) {
      const filters = page.getByRole('group', { name: 'Filters' });
      const from = filters.getByLabel('From');
      await from.fill(`01/01/${new Date().getFullYear() - 1}`);
      await from.blur();
      const today = new Date();
      const to = filters.getByLabel('To');
      await to.fill(`${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`);
      await to.blur();
      await filters.getByRole('button', { name: 'Apply Filter' }).click();
      await expect(table.getByRole('row', { name: /Month End .*\.(aba|zip)/ }).first()).toBeVisible();
      await expect(page.getByText('Last 7 days')).toHaveCount(0);
      await shot(page, width, 'archive-month-end');
    }

    await page.goto('/management/daily/logs');
    const log = page.getByRole('table', { name: 'System Log' });
    await expect(log).toBeVisible({ timeout: 30_000 });
    for (const header of ['ID', 'Date', 'Identity', 'Severity', 'Message']) await expect(log.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    const row = log.getByRole('row', { name: new RegExp(`Category ${code}`) }).first();
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d{2} [A-Z][a-z]{2}:\d{2}:\d{2}$/);
    await row.getByRole('button', { name: 'Expand row' }).click();
    await expect(log.getByRole('region', { name: 'After' }).first()).toContainText(code);
    await shot(page, width, 'log-expanded');
    await row.getByRole('cell', { name: new RegExp(`Category ${code}`) }).click();
    const editor = page.getByRole('alertdialog', { name: /^Log entry \d+$/ });
    await expect(editor).toBeVisible();
    await expect(editor).toContainText('Support may ask you for it');
    await expect(editor).toContainText(code);
    await expect(editor.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await shot(page, width, 'log-editor');
    await editor.getByRole('button', { name: 'Close' }).click();
    await expect(editor).toBeHidden();
  }
});
