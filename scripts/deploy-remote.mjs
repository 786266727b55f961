/**
 * Ships one area (remote) on its own, without rebuilding the shell or the other remotes (issue 15,
 * docs/deploy.md):
 *
 *   node scripts/deploy-remote.mjs mf-reports [--label text]   build, publish, switch the manifest
 *   node scripts/deploy-remote.mjs mf-reports --rollback       switch back to the version before
 *   node scripts/deploy-remote.mjs --list                      what runs where
 *
 * (npm run deploy:remote -- mf-reports, npm run rollback:remote -- mf-reports.)
 *
 * A deploy builds the remote with webpack into a staging folder, names the build
 * <package version>-<hash of its files>, publishes it as <DEPLOY_DIR>/<remote>/<version>/ (with
 * mf-stats.json: what it is and which shared-ui it was built against) and makes it the remote's
 * current version in <DEPLOY_DIR>/remotes.json (or the file REMOTES_MANIFEST names), which the API
 * serves as /mf-manifest.json. Published folders are never changed, so a rollback is only a switch.
 * DEPLOY_DIR defaults to deployments/ at the repository root. --base-url https://cdn.example/oa
 * records that origin's address instead of the same-origin one (the files are then copied there).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deploy, rollback } from './deploy/deployments.mjs';
import { APPS, appByFolder } from './webpack/remotes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const folder = args.find((a, i) => !a.startsWith('--') && !['--label', '--base-url'].includes(args[i - 1]));

const deployDir = path.resolve(root, process.env.DEPLOY_DIR || 'deployments');
const manifestFile = process.env.REMOTES_MANIFEST && !process.env.REMOTES_MANIFEST.trim().startsWith('{') ? path.resolve(process.env.REMOTES_MANIFEST) : path.join(deployDir, 'remotes.json');

const readState = () => (existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : { remotes: {} });
function writeState(state) {
  mkdirSync(path.dirname(manifestFile), { recursive: true });
  // Written aside and renamed: the API never reads half a file.
  const temp = `${manifestFile}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temp, manifestFile);
}

function filesOf(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesOf(path.join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`])).sort();
}

function webpackBuild(app, outDir, label) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--output-path', outDir], {
      cwd: path.join(root, app.folder),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...(label ? { OA_BUILD_LABEL: label } : {}) },
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`webpack failed for ${app.folder} (exit ${code})`))));
  });
}

async function deployRemote(app) {
  const started = Date.now();
  const staging = path.join(deployDir, '.staging', `${app.folder}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  await webpackBuild(app, staging, option('--label'));
  const files = filesOf(staging);
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update('\0').update(readFileSync(path.join(staging, f))).update('\0');
  const packageVersion = JSON.parse(readFileSync(path.join(root, app.folder, 'package.json'), 'utf8')).version;
  const sharedUi = JSON.parse(readFileSync(path.join(root, 'shared-ui/package.json'), 'utf8')).version;
  const version = `${packageVersion}-${hash.digest('hex').slice(0, 12)}`;
  const target = path.join(deployDir, app.folder, version);
  if (existsSync(target)) rmSync(staging, { recursive: true, force: true });
  else {
    writeFileSync(path.join(staging, 'mf-stats.json'), `${JSON.stringify({ name: app.name, folder: app.folder, version, sharedUi, builtAt: new Date().toISOString(), files }, null, 2)}\n`);
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(staging, target);
  }
  const base = option('--base-url')?.replace(/\/$/, '');
  const url = base ? `${base}/${app.folder}/${version}/remoteEntry.js` : `/remotes/${app.folder}/v/${version}/remoteEntry.js`;
  const { state, changed } = deploy(readState(), app.name, { version, url, sharedUi, deployedAt: new Date().toISOString() });
  writeState(state);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(changed ? `deployed ${app.folder} ${version} in ${seconds}s (${url})` : `${app.folder} ${version} was already current (${seconds}s)`);
  // The last line is the version alone, for scripts and tests.
  console.log(version);
}

function list() {
  const state = readState();
  for (const app of APPS.filter((a) => !a.isHost)) {
    const entry = state.remotes?.[app.name];
    console.log(`${app.folder.padEnd(16)} ${entry ? `${entry.version} (${entry.url}); ${entry.previous?.length ?? 0} to roll back to` : 'built-in (its dist folder)'}`);
  }
}

if (flag('--list')) list();
else {
  const app = folder && appByFolder(folder);
  if (!app || app.isHost) {
    console.error(`Name a remote to ${flag('--rollback') ? 'roll back' : 'deploy'}: ${APPS.filter((a) => !a.isHost).map((a) => a.folder).join(', ')}`);
    process.exit(2);
  }
  try {
    if (flag('--rollback')) {
      const { state, from, to } = rollback(readState(), app.name);
      writeState(state);
      console.log(`rolled ${app.folder} back from ${from} to ${to ?? 'its built-in build'}`);
      console.log(to ?? 'built-in');
    } else await deployRemote(app);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
