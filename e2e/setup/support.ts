import type { Page } from '@playwright/test';
import { ADMIN, apiToken, expect, signIn as platformSignIn, test } from '../platform/fixtures.js';

export { ADMIN, apiToken, expect, test };

/** Signs in through the sign-in page and waits until the application has replaced it. */
export async function signIn(page: Page, who: { code: string; password: string } = ADMIN): Promise<void> {
  await platformSignIn(page, who);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
}

/** Opens a Setup screen by its route and waits for the Setup tab bar. */
export async function openSetup(page: Page, route: string): Promise<void> {
  await page.goto(`/management/setup/${route}`);
  await expect(page.getByRole('tablist', { name: 'Setup screens' })).toBeVisible({ timeout: 30_000 });
}

/** A toast by its title (the shell's Toaster also repeats it in a screen-reader live region). */
export const toast = (page: Page, title: string) => page.locator('.fui-ToastTitle').getByText(title, { exact: true }).first();
