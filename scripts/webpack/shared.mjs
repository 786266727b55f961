import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(new URL(file, `file://${root}`), 'utf8'));

/**
 * Packages every app shares through Module Federation. All apps pin the same versions, so the
 * shell's package.json is the source of the required versions. None is eager: each app starts
 * through an async boundary, and eager sharing would put the whole of Fluent in every entry.
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  // single-spa-react renders through react-dom/client: unshared it would pull a second react-dom.
  'react-dom/client',
  '@tanstack/react-query',
  // Forms built in a remote and fields from shared-ui must see one form context.
  'react-hook-form',
  'shared-ui',
  // The light part of shared-ui (session, API client, menu, formats) that the chrome and the
  // dashboard use; shared on its own so that a first paint does not load the list editor and forms.
  'shared-ui/core',
  // The router: what the apps use of react-router-dom, not the whole package (shared-ui/src/router.ts).
  'shared-ui/router',
];

/**
 * Fluent is shared package by package, not as the @fluentui/react-components barrel: a shared
 * module is provided whole, and the barrel is all of Fluent (260 KB gzip), where the chrome and
 * the dashboard use a fraction of it (issue 16). Each app compiles the barrel itself, and webpack
 * keeps only the re-exports it uses, each taken from the one shared copy of its package, so
 * every Fluent context (provider, tabster, griffel's renderer) still exists once. Icons and charts
 * hold no shared state and stay per app, tree-shaken.
 */
const UNSHARED_FLUENT = new Set(['react-components', 'react-icons', 'react-charts', 'chart-utilities']);
const FLUENT_STATE = ['@fluentui/react-jsx-runtime/jsx-runtime', '@griffel/react', '@griffel/core', 'tabster', 'keyborg'];

const packageOf = (request) => (request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]);
const installedVersion = (pkg) => readJson(`node_modules/${pkg}/package.json`).version;

function fluentPackages() {
  const fluent = readdirSync(new URL('node_modules/@fluentui', `file://${root}`))
    .filter((name) => !UNSHARED_FLUENT.has(name))
    .map((name) => `@fluentui/${name}`);
  return [...fluent, ...FLUENT_STATE];
}

/**
 * zod is deliberately not shared: a shared module is provided whole (all of zod with every
 * locale, ~90 KB gzip), while each app's own copy is tree-shaken to what its contracts use.
 */
export function sharedDependencies() {
  const shellDeps = readJson('shell/package.json').dependencies;
  const sharedUiDeps = readJson('shared-ui/package.json').dependencies;
  const requiredVersion = (request) => {
    const pkg = packageOf(request);
    return shellDeps[pkg] ?? sharedUiDeps[pkg] ?? false;
  };
  const shared = {};
  for (const request of SINGLETONS) shared[request] = { singleton: true, requiredVersion: requiredVersion(request) };
  for (const request of fluentPackages()) shared[request] = { singleton: true, requiredVersion: installedVersion(packageOf(request)) };
  return shared;
}
