/**
 * `npm run seed -- --owners 1000 --units 3000 --months 12 [--company BIGTRUST] [--bookings 9-13] [--seed N]`
 *
 * Creates a fresh company on DATABASE_URL (or the PGlite folder DATA_DIR, default ./data) and posts
 * the demo generator's books into it with bigger parameters: every txn through postTxns (receipts
 * in batches, releases and month-end disbursements as batches, journals, payments, reversals),
 * month by month and batch by batch so memory stays bounded. The administrator (ADMIN_USER) gets
 * access to the company. Prints progress, the final counts and postings per second.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createCompany } from '../companies/companies.js';
import { readConfig } from '../config.js';
import { exitIfFolderInUse } from '../db/data-folder-lock.js';
import { openDatabase, schemaNameFor } from '../db/open.js';
import { ALL_PERMISSIONS, addMember } from '../users/membership.js';
import { businessDay } from '../ledger/business-date.js';
import { DEMO_BOOKS, postDemoBooks } from './books.js';
import { prepareDatabase } from './first-start.js';

const { values } = parseArgs({
  options: {
    owners: { type: 'string', default: '1000' },
    units: { type: 'string', default: '3000' },
    months: { type: 'string', default: '12' },
    company: { type: 'string', default: 'BIGTRUST' },
    bookings: { type: 'string', default: '9-13' },
    tenants: { type: 'string' },
    seed: { type: 'string', default: String(DEMO_BOOKS.seed) },
  },
});
const int = (name: string, v: string | undefined, min: number) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}`);
    process.exit(2);
  }
  return n;
};
const owners = int('owners', values.owners, 1);
const units = int('units', values.units, owners);
const months = int('months', values.months, 1);
const [bMin, bMax] = (values.bookings ?? '').split('-').map(Number) as [number, number];
if (!(bMin >= 1 && bMax >= bMin)) {
  console.error('--bookings must be a range such as 9-13 (bookings per unit per month)');
  process.exit(2);
}
const code = (values.company ?? 'BIGTRUST').toUpperCase();
const companyName = `${code[0]}${code.slice(1).toLowerCase()} Holiday Lettings Pty Ltd`;

const config = readConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: resolve(config.dataDir), poolSize: 2 }).catch(exitIfFolderInUse);
try {
  await prepareDatabase(db, config);
  const exists = await db.control.selectFrom('company').select('code').where('code', '=', code).executeTakeFirst();
  if (exists) throw new Error(`Company ${code} already exists: seed a fresh one with --company <CODE>`);
  const today = businessDay();
  await createCompany(db, {
    code,
    companyName,
    year: today.getFullYear(),
    month: today.getMonth() + 1,
    settings: {
      licencee_name: companyName, licence_no: 'LIC-2040-999', bank_code: 'CBA', bank_account_name: `${companyName.slice(0, 20)} Trust`,
      bank_bsb: '062-000', bank_account_number: '87654321', bank_account_id: '301500',
    },
  });
  const admin = config.adminUser.toUpperCase();
  await addMember(db.control, admin, code, ALL_PERMISSIONS);
  console.log(`Seeding ${code} on ${db.kind}: ${owners} owners, ${units} units, ${months} months, ${bMin}-${bMax} bookings per unit per month`);

  const started = performance.now();
  let lastLine = 0;
  const summary = await postDemoBooks(db.company(schemaNameFor(code)), {
    ...DEMO_BOOKS,
    owners,
    units,
    months,
    tenants: values.tenants ? int('tenants', values.tenants, 0) : Math.floor(units / 12),
    bookings: [bMin, bMax],
    batchSize: 5000,
    ownersPerBatch: owners > 100 ? 100 : undefined,
    seed: int('seed', values.seed, 0),
    // The big seed has no booking system linked: it types the open month's guest receipts too.
    bookingsSynced: false,
    userId: admin,
    companyCode: code,
    companyName,
    today,
    onProgress: (p) => {
      const now = performance.now();
      if (now - lastLine < 2000 && p.phase === 'receipts') return;
      lastLine = now;
      const s = (now - started) / 1000;
      console.log(`${s.toFixed(0).padStart(5)} s  ${p.year}-${String(p.month).padStart(2, '0')} ${p.phase.padEnd(12)} ${p.txns.toLocaleString('en-AU').padStart(10)} txns ${p.postings.toLocaleString('en-AU').padStart(11)} postings (${Math.round(p.postings / s).toLocaleString('en-AU')}/s)`);
    },
  });
  // Fresh statistics for the planner: without them the first queries on a million fresh rows plan badly.
  await sql`analyze`.execute(db.root);
  console.log(`\nSeeded ${code}: ${summary.owners} owners, ${summary.units} units, ${summary.suppliers} suppliers, ${summary.tenants} tenants`);
  console.log(`${summary.txns.toLocaleString('en-AU')} txns, ${summary.postings.toLocaleString('en-AU')} postings in ${summary.seconds.toFixed(1)} s (${Math.round(summary.postings / summary.seconds).toLocaleString('en-AU')} postings/s)`);
  const receipts = summary.months.reduce((a, m) => a + m.receipts, 0);
  const releases = summary.months.reduce((a, m) => a + m.releases, 0);
  const disbursed = summary.months.reduce((a, m) => a + m.disbursements, 0);
  console.log(`${receipts.toLocaleString('en-AU')} receipts, ${releases.toLocaleString('en-AU')} releases, ${disbursed.toLocaleString('en-AU')} disbursement payments; sign in as ${config.adminUser} and choose ${code}`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await db.close();
}
