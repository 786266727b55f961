import { signIn, openSetup, test, expect } from './support.js';

/** Every Setup screen: its list (or editor-only page) and its editor, at desktop and tablet widths. */
/** 'notice': the administrator, without the super flag, gets the Temporary Notice and their own profile (spec 3 §2, §6). */
const SCREENS: { route: string; editor: 'row' | 'page' | 'modal' | 'notice' }[] = [
  { route: 'accounts', editor: 'row' },
  { route: 'banks', editor: 'row' },
  { route: 'business', editor: 'modal' },
  { route: 'cardtypes', editor: 'row' },
  { route: 'categories', editor: 'row' },
  { route: 'checklist', editor: 'row' },
  { route: 'control', editor: 'page' },
  { route: 'fees', editor: 'row' },
  { route: 'gstcodes', editor: 'row' },
  { route: 'templates', editor: 'row' },
  { route: 'unittype', editor: 'row' },
  { route: 'unitclass', editor: 'row' },
  { route: 'users', editor: 'notice' },
];

// The two widths are independent tours of read-only screens: run them in both workers at once (the
// file was the suite's longest and ran last, alone).
test.describe.configure({ mode: 'parallel' });

for (const width of [1280, 768]) {
  test(`Setup screens at ${width}px`, async ({ page }, info) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    for (const screen of SCREENS) {
      // An editor-only screen opens its modal at once, which hides the tab list from the
      // accessibility tree: wait for the dialog there instead.
      if (screen.editor === 'modal') await page.goto(`/management/setup/${screen.route}`);
      else await openSetup(page, screen.route);
      const shot = (name: string) => page.screenshot({ path: `test-results/setup-screens/${width}/${screen.route}-${name}.png`, fullPage: true });
      if (screen.editor === 'row') {
        const table = page.getByRole('table');
        await expect(table.getByText('Loading ....')).toHaveCount(0);
        await expect(page.getByTestId('list-row').first().or(table.getByText('No data to display ....'))).toBeVisible();
        await shot('list');
        // A list the demo company leaves empty (banks) shows the editor of a new record.
        if ((await page.getByTestId('list-row').count()) === 0) await page.getByRole('button', { name: 'Add Record' }).click();
        else await page.getByTestId('list-row').first().click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
        await shot('editor');
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(page.getByRole('alertdialog')).toBeHidden();
      } else if (screen.editor === 'notice') {
        await expect(page.getByText('Temporary Notice')).toBeVisible();
        await shot('notice');
        await page.getByRole('button', { name: 'Edit my profile' }).click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await shot('editor');
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(page.getByRole('alertdialog')).toBeHidden();
      } else if (screen.editor === 'modal') {
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
        await shot('editor');
      } else {
        await expect(page.getByRole('tablist', { name: 'Control settings sections' })).toBeVisible();
        for (const tab of ['Information', 'General Settings', 'Booking-system Sync', 'Control Accounts', 'Statements', 'Templates', 'Receipt Text', 'Logo']) {
          await page.getByRole('tablist', { name: 'Control settings sections' }).getByRole('tab', { name: tab, exact: true }).click();
          await shot(tab.toLowerCase().replace(/[^a-z]+/g, '-'));
        }
      }
    }
    info.annotations.push({ type: 'screenshots', description: `test-results/setup-screens/${width}` });
  });
}
