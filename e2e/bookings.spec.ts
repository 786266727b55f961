import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, signIn, test } from './platform/fixtures.js';

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const typed = (isoDate: string) => isoDate.split('-').reverse().join('/');

async function headersOf(page: Page) {
  const { token, database } = await apiToken(page);
  return { Authorization: `Bearer ${token}`, 'X-Database': database };
}

/** Waits until no sync is running (the demo's first sync starts with the server): runs one to its end. */
async function settleSyncs(request: APIRequestContext, headers: Record<string, string>) {
  for (let i = 0; i < 240; i++) {
    const res = await request.post('/api/sync', { headers });
    if (res.status() === 200) {
      const id = ((await res.json()) as { data: { id: string } }).data.id;
      await expect.poll(async () => ((await (await request.get(`/api/progress/${id}`, { headers })).json()) as { data: { active: boolean } }).data.active, { timeout: 120_000 }).toBe(false);
      return;
    }
    expect(res.status()).toBe(409);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test('a booking taken in the booking system appears after Sync Now, checked out and distributed to its owner', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const headers = await headersOf(page);
  const control = (await (await page.request.get('/api/control', { headers })).json()) as { data: { gp_host: string } };
  const sim = control.data.gp_host;
  expect(sim).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await settleSyncs(page.request, headers);

  const units = ((await (await page.request.get('/api/unit/list', { headers })).json()) as { data: { door: string; class: string; entity: string | null }[] }).data;
  const unit = units.find((u) => u.class === 'HOLIDAY' && u.entity)!;
  const today = new Date();
  const checkIn = iso(new Date(today.getTime() - 86_400_000));
  const taken = ((await (await page.request.post(`${sim}/sim/bookings`, { data: { doors: [unit.door], checkIn, nights: 1, guest: 'Playwright Guest', rate: 25_000 } })).json()) as { data: { id: string; ref: string; checkOut: string } }).data;
  await page.request.post(`${sim}/sim/bookings/${taken.id}/pay`, { data: {} });
  await page.request.post(`${sim}/sim/bookings/${taken.id}/status`, { data: { status: 'C' } });

  await page.goto('/bookings');
  await expect(page.getByText('Bookings').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'From', exact: true }).fill(typed(taken.checkOut));
  await page.getByRole('combobox', { name: 'To', exact: true }).fill(typed(taken.checkOut));
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await page.getByRole('button', { name: 'Sync Now' }).click();
  await expect(page.getByText('Sync Complete!', { exact: true })).toBeVisible({ timeout: 120_000 });

  const row = page.getByRole('row').filter({ hasText: taken.ref });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Completed and allocated');
  await expect(row.getByTestId('booking-net')).toHaveText('$0.00');

  const allocation = ((await (await page.request.get(`/api/booking/allocation/${taken.id}`, { headers })).json()) as { data: { sub_type: string; entity: string; amount: number }[] }).data;
  expect(allocation.find((a) => a.sub_type === 'OWNER')).toMatchObject({ entity: unit.entity, amount: 250 });
  expect(allocation.filter((a) => a.sub_type === 'FEE').every((a) => a.entity === 'BUSINESS')).toBe(true);

  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/bookings/${width}/bookings.png`, fullPage: true });
  }
});

test('a distributed booking is allocated by hand: Save stays disabled until the door balances, then the manual allocation is posted', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const headers = await headersOf(page);
  const sim = ((await (await page.request.get('/api/control', { headers })).json()) as { data: { gp_host: string } }).data.gp_host;
  await settleSyncs(page.request, headers);
  const units = ((await (await page.request.get('/api/unit/list', { headers })).json()) as { data: { door: string; class: string; entity: string | null }[] }).data;
  const unit = units.filter((u) => u.class === 'HOLIDAY' && u.entity).at(-1)!;
  const checkIn = iso(new Date(Date.now() - 86_400_000));
  const taken = ((await (await page.request.post(`${sim}/sim/bookings`, { data: { doors: [unit.door], checkIn, nights: 1, guest: 'Manual Guest', rate: 30_000 } })).json()) as { data: { id: string; ref: string; checkOut: string } }).data;
  await page.request.post(`${sim}/sim/bookings/${taken.id}/pay`, { data: {} });
  await page.request.post(`${sim}/sim/bookings/${taken.id}/status`, { data: { status: 'C' } });
  await settleSyncs(page.request, headers);
  type View = { offered: boolean; doors: { items: { sub_type: string; entity: string; account_id: string; amount: number; statement_percent_of_room_charge: number | null }[] }[] };
  const before = ((await (await page.request.get(`/api/booking/allocation/${taken.id}/edit`, { headers })).json()) as { data: View }).data;
  expect(before.offered).toBe(true);
  const hasPercentFees = before.doors[0]!.items.some((i) => i.statement_percent_of_room_charge !== null);

  await page.goto('/bookings');
  await page.getByRole('combobox', { name: 'From', exact: true }).fill(typed(taken.checkOut));
  await page.getByRole('combobox', { name: 'To', exact: true }).fill(typed(taken.checkOut));
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await page.getByRole('button', { name: `Edit Allocation ${taken.ref}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Edit Allocation' });
  await expect(dialog.getByText(`Door ${unit.door}`, { exact: true })).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled();

  const confirmFees = async () => {
    if (!hasPercentFees) return;
    await dialog.getByRole('alert', { name: 'Recalculate fees' }).getByRole('button', { name: 'Yes' }).click();
  };
  await dialog.getByRole('textbox', { name: `Amount Room charges ${unit.door}` }).fill('250');
  await dialog.getByRole('textbox', { name: `Amount Room charges ${unit.door}` }).press('Tab');
  await confirmFees();
  await expect(dialog.getByRole('img', { name: `Door ${unit.door} not balanced` })).toBeVisible();
  await expect(save).toBeDisabled();

  await dialog.getByRole('button', { name: 'Add row' }).click();
  await dialog.getByRole('textbox', { name: 'Account' }).fill('CLEAN');
  await dialog.getByRole('textbox', { name: 'Entity' }).last().fill('BUSINESS');
  await dialog.getByRole('textbox', { name: 'Amount CLEAN' }).fill('50');
  await dialog.getByRole('textbox', { name: 'Amount CLEAN' }).press('Tab');
  await confirmFees();
  await expect(dialog.getByRole('img', { name: `Door ${unit.door} not balanced` })).toHaveCount(0);
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/bookings/${width}/edit-allocation.png`, fullPage: true });
  }
  await save.click();
  await expect(page.locator('.fui-ToastTitle').getByText(`Manual Allocation for ${taken.ref} successful`, { exact: true })).toBeVisible();

  const after = ((await (await page.request.get(`/api/booking/allocation/${taken.id}/edit`, { headers })).json()) as { data: View }).data;
  const items = after.doors[0]!.items;
  // The owner the rules gave this stay: after a Change Owner (another spec's, on a unit this one may pick) a night before its date stays the former owner's.
  const owner = before.doors[0]!.items.find((i) => i.sub_type === 'OWNER')!.entity;
  expect(items.find((i) => i.sub_type === 'OWNER')).toMatchObject({ entity: owner, amount: 250 });
  expect(items.find((i) => i.sub_type === 'CHG')).toMatchObject({ account_id: 'CLEAN', entity: 'BUSINESS', amount: 50 });
  const list = ((await (await page.request.get(`/api/booking?from=${taken.checkOut}&to=${taken.checkOut}`, { headers })).json()) as { data: { id: string; manual_allocation: boolean }[] }).data;
  expect(list.find((r) => r.id === taken.id)?.manual_allocation).toBe(true);
});

test('GP Sync on Unit Types and Units runs the existing sync and says Sync Complete! with its message; Health Check shows the last sync', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await settleSyncs(page.request, await headersOf(page));
  const toast = page.locator('.fui-Toast').filter({ has: page.locator('.fui-ToastTitle').getByText('Sync Complete!', { exact: true }) });
  await page.goto('/management/setup/unittype');
  await page.getByRole('button', { name: 'GP Sync' }).click();
  await expect(toast.getByText(/units and \d+ unit types synced from the booking system/)).toBeVisible({ timeout: 60_000 });
  await page.goto('/accounts/units');
  await page.getByRole('button', { name: 'GP Sync' }).click();
  await expect(toast.getByText(/units and \d+ unit types synced from the booking system/).first()).toBeVisible({ timeout: 60_000 });
  await page.goto('/dashboard');
  await expect(page.getByText(/^Today(, \d+ bookings? with errors)?$/).first()).toBeVisible({ timeout: 30_000 });
});
