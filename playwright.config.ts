import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_TOKEN_SECRET } from './e2e/platform/token-secret.js';
import { chromiumPath } from './scripts/chromium-path.mjs';

// E2E_PORT lets several engineers run the suite at once on one machine.
const PORT = Number(process.env.E2E_PORT ?? 8181);
// A fresh data folder per run: the demo company and users are created on first start.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'oa-e2e-'));
// Remotes deployed by the tests (e2e/platform/deploy-remote.spec.ts) go to a folder of the run's own,
// never the repository's deployments/; set here, before the workers start, so they inherit it.
const deployDir = (process.env.E2E_DEPLOY_DIR ??= mkdtempSync(path.join(tmpdir(), 'oa-e2e-deploy-')));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  // A save on a loaded two-core CI machine has taken over 10 s to close its dialog; a screen that
  // never shows what is expected still fails, only later.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // Month end moves the shared demo's open month on for good: it runs alone, after the others.
  projects: [
    { name: 'chromium', testIgnore: /month-end\.spec\.ts$/ },
    { name: 'month-end', testMatch: /month-end\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${PORT}/mf-manifest.json`,
    env: { PORT: String(PORT), DATA_DIR: dataDir, TOKEN_SECRET: E2E_TOKEN_SECRET, DEPLOY_DIR: deployDir, REMOTES_MANIFEST: '' },
    reuseExistingServer: !process.env.CI,
    // start.mjs builds whatever front-end app is out of date first.
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
