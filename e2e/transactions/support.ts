import type { Locator, Page } from '@playwright/test';
import { apiToken, expect } from '../platform/fixtures.js';

/** Helpers the transactions specs and the month walk share. */

export interface Funded { owner: string; door: string; dollars: number }
interface EntityBalance { ledger: number; doors: Record<string, number> }

/** An API call as the signed-in user, whatever it answers. */
export async function call(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const { token, database } = await apiToken(page);
  return page.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}`, 'X-Database': database } });
}

/** An API call that must succeed: its data. */
export async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await call(page, method, path, data);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Demo owners whose door holds at least `min` dollars, richest door first. */
export async function fundedOwners(page: Page, min: number): Promise<Funded[]> {
  const owners = await api<{ code: string }[]>(page, 'GET', '/api/entity/list/OWNER');
  const balances = await api<Record<string, EntityBalance>>(page, 'POST', '/api/entity/balances', { entities: owners.map((o) => o.code) });
  return Object.entries(balances)
    .flatMap(([owner, b]) => Object.entries(b.doors).map(([door, dollars]) => ({ owner, door, dollars })))
    .filter((f) => f.door && f.dollars >= min)
    .sort((a, b) => b.dollars - a.dollars);
}

/** Opens a Transactions screen and waits for its list to load. */
export async function openTransactions(page: Page, route: string) {
  await page.goto(`/management/transactions/${route}`);
  await expect(page.getByRole('tablist', { name: 'Transactions screens' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table').first().getByText('Loading ....')).toHaveCount(0);
}

/** Picks a party in a party selector: its type, then (but for BUSINESS) account and (owners) unit, then OK. */
export async function chooseParty(page: Page, trigger: Locator, popoverName: string, type: string, code: string, door?: string) {
  await trigger.click();
  const surface = page.getByLabel(popoverName);
  await surface.getByRole('radio', { name: type, exact: true }).check();
  if (type === 'BUSINESS') return;
  await surface.getByLabel('Account').selectOption(code);
  if (door) await surface.getByLabel('Unit').selectOption(door);
  await surface.getByRole('button', { name: 'OK' }).click();
  await expect(surface).toBeHidden();
}

/** Types an amount over whatever the field shows (a grouped 1,234.00 is replaced, not appended to). */
export async function setMoney(input: Locator, value: string) {
  await input.fill(value);
  await input.blur();
}

/** The toast with this title (exact text, or a pattern). */
export const toast = (page: Page, title: string | RegExp) =>
  page.locator('.fui-Toast').filter({ has: page.locator('.fui-ToastTitle').getByText(title, typeof title === 'string' ? { exact: true } : undefined) }).first();
