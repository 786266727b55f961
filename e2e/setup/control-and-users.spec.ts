import { SUPPORT, signIn as platformSignIn } from '../platform/fixtures.js';
import { expect, openSetup, signIn, test, toast } from './support.js';

const CLERK = { code: `clerk${Date.now().toString(36).slice(-4)}`, password: 'clerk-pass-2026' };

test('control settings save shows Control Record Saved!', async ({ page }) => {
  await signIn(page);
  await openSetup(page, 'control');
  await page.getByRole('tablist', { name: 'Control settings sections' }).getByRole('tab', { name: 'Information' }).click();
  const licence = page.getByLabel('Licence number');
  await expect(licence).not.toHaveValue('');
  await licence.fill('LIC-E2E-2026');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Control Record Saved!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Licence number')).toHaveValue('LIC-E2E-2026');
  await page.getByRole('tablist', { name: 'Control settings sections' }).getByRole('tab', { name: 'Booking-system Sync' }).click();
  await expect(page.getByLabel('Sync frequency')).toBeVisible();
});

test('the logo upload shows the logo resized to 300 by 150', async ({ page }) => {
  await signIn(page);
  await openSetup(page, 'control');
  await page.getByRole('tablist', { name: 'Control settings sections' }).getByRole('tab', { name: 'Logo' }).click();
  // A 900×300 PNG drawn in the page: the server fits it into 300×150.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 300;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#0f6cbd';
    g.fillRect(0, 0, 900, 300);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(toast(page, 'Control Record Saved!')).toBeVisible();
  const logo = page.getByRole('img', { name: 'Company logo' });
  await expect(logo).toBeVisible();
  const size = await logo.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
  expect(size).toEqual({ width: 300, height: 150 });
});

test('a user created by support with Permissions flags signs in and sees only what they may', async ({ page, browser }) => {
  // The trust administrator holds no super flag: only the notice (spec 3 §2, §6).
  await signIn(page);
  await openSetup(page, 'users');
  await expect(page.getByText('Temporary Notice')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Record' })).toHaveCount(0);
  await page.evaluate(() => sessionStorage.clear());

  // Support opens the company from the console and edits its users.
  await platformSignIn(page, SUPPORT);
  await page.getByLabel('Company', { exact: true }).selectOption('DEMOTRUST');
  await page.getByRole('button', { name: 'Activate Client View' }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  await openSetup(page, 'users');
  await expect(page.getByTestId('list-row').filter({ hasText: 'ADMIN' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Add Record' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Code').fill(CLERK.code);
  await dialog.getByLabel('Name').fill('Setup Clerk');
  await dialog.getByLabel('Password').fill(CLERK.password);

  await dialog.getByRole('tab', { name: 'Permissions' }).click();
  // Ticking Administrator hides the individual boxes; unticking shows them again.
  await dialog.getByLabel('Administrator (every menu and function)').check();
  await expect(dialog.getByLabel('Management', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Administrator (every menu and function)').uncheck();
  await dialog.getByLabel('Management', { exact: true }).check();
  await dialog.getByLabel('Management: Setup').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Record Created')).toBeVisible();
  await expect(page.getByTestId('list-row').filter({ hasText: CLERK.code.toUpperCase() })).toContainText('Standard User');

  const clerkContext = await browser.newContext();
  const clerk = await clerkContext.newPage();
  const errors: string[] = [];
  clerk.on('pageerror', (e) => errors.push(e.message));
  await signIn(clerk, CLERK);
  const menu = clerk.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Management' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Accounts' })).toHaveCount(0);

  await openSetup(clerk, 'users');
  await expect(clerk.getByText('Temporary Notice')).toBeVisible();
  await expect(clerk.getByRole('tablist', { name: 'Management areas' })).toHaveCount(0);
  // Their own profile stays theirs to edit.
  await clerk.getByRole('button', { name: 'Edit my profile' }).click();
  await expect(clerk.getByRole('alertdialog').getByLabel('Name')).toHaveValue('Setup Clerk');
  await clerk.getByRole('alertdialog').getByLabel('Rows per page (desktop)').fill('30');
  await clerk.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click();
  await expect(toast(clerk, 'Record Updated')).toBeVisible();
  expect(errors).toEqual([]);
  await clerkContext.close();
});
