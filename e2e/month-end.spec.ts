import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from '@playwright/test';
import { unzipSync } from 'fflate';
import { SUPPORT, apiToken, expect, signIn, signInToDashboard, test } from './platform/fixtures.js';
import { api } from './transactions/support.js';

/**
 * Closes the demo company's month through the Month End screen (issue 10): checks ticked, Start,
 * with "Disbursements need approval" on a second user approves the disbursement on the same
 * screen, then the seven-step confirmation, Proceed with progress, both files downloaded and
 * opened, the rollover toast and the dashboard on the new month. It changes the shared demo for
 * good (the open month moves on, once), so it runs in its own Playwright project after every
 * other spec, and it puts the approval setting back off.
 */
test('a month is closed through the Month End screen, its disbursement approved by a second user', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signInToDashboard(page);
  const before = await api<{ current_year: number; current_month: number; month_year_startcase: string }>(page, 'GET', '/api/control/info');
  const owners = await api<{ code: string }[]>(page, 'GET', '/api/entity/list/OWNER');
  const { token, database } = await apiToken(page);
  const asAdmin = { Authorization: `Bearer ${token}`, 'X-Database': database };
  const approval = async (value: boolean) =>
    expect((await page.request.put('/api/control/disbursement_approval', { headers: asAdmin, data: { value } })).status()).toBe(200);
  await approval(true);
  const approver = { code: `APPROVE${Date.now() % 100000}`, password: 'approver-password-2026' };
  // Users are added by support (spec 3 §6).
  const support = await apiToken(page, SUPPORT);
  const created = await page.request.post('/api/user', {
    headers: { Authorization: `Bearer ${support.token}`, 'X-Database': support.database },
    data: {
      id: approver.code, name: 'Trust Approver', email: `${approver.code.toLowerCase()}@example.com`, usertype: 'USER', password: approver.password,
      desktopRows: 25, mobileRows: 20, permissions: { p_dashboard: true, p_mgt: true, p_transaction: true, p_month_end: true, p_approve_disbursement: true },
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto('/management/transactions/monthend');
  const pre = page.getByRole('region', { name: 'Month End Preliminary Checks' });
  await expect(pre).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Post Rollover Checks' })).toBeVisible();
  const start = page.getByRole('button', { name: 'Start' });
  await expect(start).toBeDisabled();
  await pre.getByRole('button', { name: 'Tick all' }).click();
  await expect(start).toBeEnabled();
  await start.click();
  // The shell shows its own month-end banner beside the screen's.
  await expect(page.getByText('Exclusive Month End Mode is active').first()).toBeVisible({ timeout: 60_000 });

  // The lock holder may not Proceed until a second user approves what will be paid.
  await expect(page.getByText('Disbursements need approval')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Approve Disbursement' })).toHaveCount(0);
  const other = await browser.newContext();
  const approverPage = await other.newPage();
  await signIn(approverPage, approver);
  await approverPage.waitForURL('**/dashboard');
  await approverPage.goto('/management/transactions/monthend');
  await approverPage.getByRole('button', { name: 'Approve Disbursement' }).click({ timeout: 30_000 });
  await expect(approverPage.getByText(`Disbursement approved by ${approver.code}`)).toBeVisible();
  await other.close();
  await page.reload();
  await expect(page.getByText(`Disbursement approved by ${approver.code}`)).toBeVisible({ timeout: 30_000 });

  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await page.getByRole('button', { name: 'Proceed' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem')).toHaveCount(7);
  // The Funds/Holds/Release/Disbursement preview of spec 2 §2, with its totals row.
  const preview = dialog.getByRole('table', { name: 'Month-end preview' });
  await expect(preview.getByRole('columnheader', { name: 'Disbursement' })).toBeVisible();
  await expect(preview.getByRole('row')).toHaveCount(5);
  await expect(preview.getByRole('row').last()).toContainText('Totals');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('progress')).toBeVisible();
  // Spec 2 §4 step 6 and §8: the rollover toast (60 s) over the dashboard, the user taken there.
  await expect(page.getByText(`Rollover for ${before.month_year_startcase} is Complete!`, { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => downloads.length, { timeout: 30_000 }).toBe(2);
  await page.waitForURL('**/dashboard');

  const dir = mkdtempSync(join(tmpdir(), 'oa-monthend-e2e-'));
  const zip = downloads.find((d) => d.suggestedFilename().endsWith('.zip'))!;
  const aba = downloads.find((d) => d.suggestedFilename().endsWith('.aba'))!;
  await zip.saveAs(join(dir, 'pack.zip'));
  await aba.saveAs(join(dir, 'bank.aba'));
  expect(readFileSync(join(dir, 'bank.aba'), 'latin1').split('\r\n')[0]).toMatch(/^0 /);
  const files = unzipSync(readFileSync(join(dir, 'pack.zip')));
  const statements = Object.keys(files).filter((n) => n.startsWith('Statements/'));
  expect(statements).toHaveLength(owners.length);
  // The disbursement register names the approver (issue 10 'approval before money moves').
  writeFileSync(join(dir, 'register.pdf'), files['Reports/DisbursementRegister.pdf']!);
  const register = execFileSync('pdftotext', [join(dir, 'register.pdf'), '-'], { encoding: 'utf8' });
  expect(register).toContain('Approved by');
  expect(register).toContain(`${approver.code} at `);
  writeFileSync(join(dir, 'statement.pdf'), files[statements[0]!]!);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', join(dir, 'statement.pdf'), join(dir, 'statement')]);
  expect(statSync(join(dir, 'statement-1.png')).size).toBeGreaterThan(5_000);

  const after = await api<{ current_year: number; current_month: number; month_year_startcase: string }>(page, 'GET', '/api/control/info');
  const next = before.current_month === 12 ? { current_year: before.current_year + 1, current_month: 1 } : { current_year: before.current_year, current_month: before.current_month + 1 };
  expect(after).toMatchObject(next);
  await expect(page.getByText(`${after.month_year_startcase}: day`, { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await approval(false);
});
