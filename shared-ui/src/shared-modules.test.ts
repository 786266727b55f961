import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Module Federation shares 'shared-ui', 'shared-ui/core' and 'shared-ui/router' as separate
 * singletons (scripts/webpack/shared.mjs). A file that reaches a shared module's files by a
 * relative path, or imports react-router-dom itself, gets its own copy bundled beside the shared
 * one: a second session, query client or router context. These rules keep one copy of each.
 */
const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const CORE_FOLDERS = ['runtime', 'menu', 'format'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const imports = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
const relative = (file: string) => path.relative(root, file);
const sharedUiFiles = sourceFiles(path.join(root, 'shared-ui/src'));
const inCore = (file: string) => CORE_FOLDERS.some((folder) => relative(file).startsWith(`shared-ui/src/${folder}/`));

describe('shared modules exist once', () => {
  it('shared-ui outside the core reaches the core only as shared-ui/core', () => {
    const offending = sharedUiFiles
      .filter((file) => !inCore(file))
      .flatMap((file) => imports(file).filter((source) => new RegExp(`^\\.\\./(${CORE_FOLDERS.join('|')})/`).test(source)).map((source) => `${relative(file)}: ${source}`));
    expect(offending).toEqual([]);
  });

  // Static imports only: the core's preload fetches the rest of shared-ui by dynamic import.
  it('the core imports nothing of shared-ui beyond itself', () => {
    const offending = sharedUiFiles
      .filter(inCore)
      .flatMap((file) => imports(file).filter((source) => source === 'shared-ui' || (source.startsWith('../') && !new RegExp(`^\\.\\./(${CORE_FOLDERS.join('|')})/`).test(source))).map((source) => `${relative(file)}: ${source}`));
    expect(offending).toEqual([]);
  });

  it('every app takes the router from shared-ui/router', () => {
    const apps = ['shell', 'shared-ui', 'mf-accounts', 'mf-transactions', 'mf-daily', 'mf-setup', 'mf-reports', 'mf-support'];
    const offending = apps
      .flatMap((app) => sourceFiles(path.join(root, app, 'src')))
      .filter((file) => relative(file) !== 'shared-ui/src/router.ts')
      .flatMap((file) => imports(file).filter((source) => source.startsWith('react-router')).map((source) => `${relative(file)}: ${source}`));
    expect(offending).toEqual([]);
  });
});
