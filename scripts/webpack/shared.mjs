import { readFileSync } from 'node:fs';
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
  'react-router-dom',
  '@tanstack/react-query',
  '@fluentui/react-components',
  // Forms built in a remote and fields from shared-ui must see one form context.
  'react-hook-form',
  'shared-ui',
];

const packageOf = (request) => (request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]);

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
  return shared;
}
