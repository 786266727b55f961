import { SUPPORT, expect, signIn, test } from './fixtures.js';

const SURNAMES = ['Nguyen', 'Smith', 'Williams', 'Brown', 'Taylor', 'Wilson', 'Martin', 'Anderson', 'Thompson', 'White'];
/** 50 owners without codes: the import makes them from the surnames (NGUY001, NGUY002, …). */
const ownersCsv = () => [
  'Title,FirstName,Surname,Email,Phone1,Address,Town,State,Postcode,Disburse_Method,Bank_BSB,Bank_Account_Number',
  ...Array.from({ length: 50 }, (_, i) =>
    `Mx,Owner${i + 1},${SURNAMES[i % SURNAMES.length]},owner${i + 1}@example.com,0400 000 ${String(i).padStart(3, '0')},${i + 1} Beach Rd,Noosa,QLD,4567,EFT,062-000,${10_000_000 + i}`),
].join('\n');

test('a support user creates a company, adds a user, imports 50 owners, backs up and restores, and sees them in the restored company\'s client view', async ({ page }) => {
  test.setTimeout(180_000);
  // A retry makes its own company and users: the first try's may exist already.
  const n = test.info().retry + 1;
  await signIn(page, SUPPORT);
  const bar = page.getByRole('navigation', { name: 'Support console' });
  await expect(page.getByTestId('support-console')).toBeVisible();

  await bar.getByRole('button', { name: 'Add Company Database' }).click();
  const company = page.getByRole('form', { name: 'Add Company Database' });
  await company.getByLabel(/^Database/).fill(`E2ETRUST0${n}`);
  await company.getByLabel(/^Company Name/).fill('Harbour View Lettings');
  await company.getByLabel(/^Login Name/).fill(`harbouradmin${n}`);
  await company.getByLabel(/^Display Name/).fill('Harbour Administrator');
  await company.getByLabel(/^Password/).fill('harbour-pass-1');
  await company.getByLabel(/^Endpoint Password/).fill('sim-password');
  await page.screenshot({ path: test.info().outputPath('console-add-company-1280.png') });
  await company.getByRole('button', { name: 'Create Company' }).click();
  await expect(page.getByText(`Company E2ETRUST0${n} created`, { exact: true })).toBeVisible({ timeout: 60_000 });

  await page.getByLabel('Company', { exact: true }).selectOption(`E2ETRUST0${n}`);
  await bar.getByRole('button', { name: 'Add User' }).click();
  const user = page.getByRole('form', { name: 'Add User' });
  await user.getByLabel(/^Login Name/).fill(`harbourclerk${n}`);
  await user.getByLabel(/^Display Name/).fill('Harbour Clerk');
  await user.getByLabel(/^Password/).fill('harbour-clerk-1');
  await user.getByLabel(/^Company/).selectOption(`E2ETRUST0${n}`);
  await user.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText(`User HARBOURCLERK${n} created`, { exact: true })).toBeVisible();

  await bar.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'owners.csv', mimeType: 'text/csv', buffer: Buffer.from(ownersCsv()) });
  await page.getByRole('button', { name: 'Import 50 records' }).click();
  await expect(page.getByText('50 OWNER records imported', { exact: true })).toBeVisible();
  await expect(page.getByText('There are already 50 records for OWNER. These may be overriden by this import')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('console-import-1280.png') });
  await page.setViewportSize({ width: 768, height: 900 });
  await page.screenshot({ path: test.info().outputPath('console-import-768.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Backup of the new company, restored under another code.
  await bar.getByRole('button', { name: 'Backup', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^E2ETRUST0${n}-\\d{8}-\\d{6}\\.pgb$`));
  await page.getByLabel('Backup file').setInputFiles(await download.path());
  await page.getByLabel(/^Company code to restore into/).fill(`E2ECOPY0${n}`);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`Backup restored into E2ECOPY0${n}`, { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('console-backup-1280.png') });
  await page.setViewportSize({ width: 768, height: 900 });
  await page.screenshot({ path: test.info().outputPath('console-backup-768.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Company', { exact: true }).selectOption(`E2ECOPY0${n}`);

  await page.getByRole('button', { name: 'Activate Client View' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/accounts/owners');
  await expect(page.getByText('NGUY001').first()).toBeVisible();
  await expect(page.getByText('Mx Owner1 Nguyen').first()).toBeVisible();
  await expect(page.getByText('Harbour View Lettings').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('client-view-owners-1280.png') });
});
