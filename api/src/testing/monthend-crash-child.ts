import { openDatabase } from '../db/open.js';
import { schemaNameFor } from '../db/open.js';
import type { MonthEndStep } from '../contracts/monthend.js';
import { runMonthEnd } from '../monthend/run.js';

/**
 * A second process for the month-end crash test: runs Proceed on the database named by its
 * arguments and stops at the point argv[4] names, says so on stdout and waits to be killed with
 * SIGKILL by the test: `after:<step>` once the step has committed (a kill -9 between two steps),
 * `inside:<step>` inside the step's transaction with its work written but not committed.
 */
const [target, code, user, point] = process.argv.slice(2) as [string, string, string, string];
const [when, stop] = point.split(':') as ['after' | 'inside', MonthEndStep];
const db = await openDatabase(target.startsWith('postgres') ? { databaseUrl: target, poolSize: 4 } : { dataDir: target });
const halt = (at: 'after' | 'inside') => async (step: MonthEndStep) => {
  if (step !== stop || when !== at) return;
  process.stdout.write(`STOPPED ${point}\n`);
  // A timer keeps the process alive until the kill: with PGlite nothing else is pending, and Node
  // would end on its own (exit 13, a top-level await never settled) before the SIGKILL arrives.
  setInterval(() => {}, 1000);
  await new Promise(() => {});
};
await runMonthEnd(db.company(schemaNameFor(code)), {
  company: { code, name: 'Seaside Lettings' },
  userId: user,
  report: async () => {},
  afterStep: halt('after'),
  beforeCommit: halt('inside'),
});
process.stdout.write('FINISHED\n');
