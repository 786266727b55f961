import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Issue 8 item 3: one process per PGlite data folder, with real processes and a real kill -9. */
const dataDir = mkdtempSync(join(tmpdir(), 'oa-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function run(script: string, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'pipe' });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('open') && resolve());
    child.on('exit', () => reject(new Error(`exited: ${out}`)));
  });
  opened.catch(() => {});
  return { child, exited, opened, output: () => out };
}

describe('the PGlite data folder lock', () => {
  it('refuses a second process with a clear message, and a kill -9 does not leave it stuck', async () => {
    const first = run('api/src/testing/hold-data-folder.ts');
    await first.opened;
    const seed = run('api/src/demo/seed-cli.ts', ['--owners', '1', '--units', '1', '--months', '1']);
    expect(await seed.exited).toBe(1);
    expect(seed.output()).toContain(`The data folder ${dataDir} is in use by process ${first.child.pid} (another npm start or npm run seed)`);
    first.child.kill('SIGKILL');
    await first.exited;
    const third = run('api/src/testing/hold-data-folder.ts');
    await third.opened;
    third.child.kill('SIGTERM');
    await third.exited;
  }, 120_000);
});
