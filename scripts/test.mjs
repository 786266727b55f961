/**
 * `npm test`: the type-check and the front-end build run beside the unit and API tests (none needs
 * another, and the API suite leaves a core mostly free), then the end-to-end suite runs on the
 * built apps. The first failure stops the run, as `a && b && c` would.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

/** Runs a step; a quiet step's output is held and printed whole when it ends, so logs do not interleave. */
function step(name, command, args, { quiet = false, env = {} } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (output) process.stdout.write(`\n== ${name}\n${output}`);
      console.log(`== ${name} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      resolve(code === 0);
    });
  });
}

// TEST_POSTGRES_URL (CI sets it) runs the API suite a second time against that PostgreSQL server,
// beside the others: the end-to-end suite then runs alone, as it is the stage most sensitive to a
// loaded machine (on two cores, a PostgreSQL run beside it had stretched it from 15 to 24 minutes).
const postgres = process.env.TEST_POSTGRES_URL;
const results = await Promise.all([
  step('type-check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], { quiet: true }),
  step('front-end build', process.execPath, ['scripts/build.mjs'], { quiet: true }),
  step('unit tests', bin('vitest'), ['run', '--project', 'unit'], { quiet: true }),
  // The API suite runs its files one after another (PGlite: one database engine per worker): in two
  // halves it no longer outlasts everything else while a core stands idle.
  step('API tests (1 of 2)', bin('vitest'), ['run', '--project', 'api', '--shard=1/2'], { quiet: true }),
  step('API tests (2 of 2)', bin('vitest'), ['run', '--project', 'api', '--shard=2/2'], { quiet: true }),
  ...(postgres ? [step('API tests on PostgreSQL', bin('vitest'), ['run', '--project', 'api'], { quiet: true, env: { DATABASE_URL: postgres } })] : []),
]);
if (results.includes(false)) process.exit(1);
process.exit((await step('end-to-end tests', bin('playwright'), ['test'])) ? 0 : 1);
