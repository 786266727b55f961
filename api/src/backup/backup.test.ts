import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_PATHS, archiveFile } from '../archive/archive.js';
import { COMPANY_MIGRATIONS, migrateCompany } from '../db/migrate.js';
import { jsonb, schemaNameFor } from '../db/open.js';
import { postingsCsv, trialBalance } from '../exports/ledger-export.js';
import { openPeriod } from '../ledger/ledger.js';
import { balanceDrift, trustPosition, unbalancedTxns } from '../ledger/trust-position.js';
import { addTestParties } from '../testing/parties.js';
import { reportBooks } from '../testing/report-books.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';
import { PGB_FORMAT, type PgbHeader } from './backup.js';
import { parentsFirst } from './restore.js';

let api: TestApi;
let support = '';
const CODE = 'BACKUPCO1';
const date = '2025-10-31';

beforeAll(async () => {
  api = await startTestApi();
  const db = await reportBooks(api, CODE);
  await archiveFile(db, { userCode: 'ADMIN', path: ARCHIVE_PATHS.REPORTS, name: 'report.pdf', mime: 'application/pdf', content: new Uint8Array([37, 80, 68, 70, 0, 1, 2, 255]) });
  await insertUser(api.db, { id: 'CLERK', password: 'clerk-password', companies: { [CODE]: { p_dashboard: true, p_mgt: true } } });
  support = await api.signIn(api.config.supportUser, api.config.supportPassword);
}, 120_000);
afterAll(() => api.close());

const headers = (database: string | null) => ({ Authorization: `Bearer ${support}`, ...(database ? { 'X-Database': database } : {}) });
async function backupOf(code: string): Promise<{ res: Response; file: Uint8Array }> {
  const res = await api.app.request('/api/util/backup', { headers: headers(code) });
  return { res, file: new Uint8Array(await res.arrayBuffer()) };
}
const restore = (file: Uint8Array, query: string) =>
  api.app.request(`/api/support/restore?${query}`, { method: 'POST', headers: { ...headers(null), 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(file) });
const archiveOf = (code: string) =>
  sql<{ id: string; blob_id: string; h: string }>`select id, blob_id, md5(content) as h from ${sql.id(schemaNameFor(code), 'archive')} where path <> ${ARCHIVE_PATHS.BACKUP} order by id`.execute(api.db.root).then((r) => r.rows);
const accessOf = (code: string) => api.db.control.selectFrom('user_company').select(['user_id', 'permissions', 'inactive']).where('company_code', '=', code).orderBy('user_id').execute();
const header = (file: Uint8Array) => JSON.parse(gunzipSync(file).toString('utf8').split('\n')[0]!) as PgbHeader;

describe('GET /api/util/backup and restore', () => {
  it('is a .pgb named with the company and a timestamp, for support users only', async () => {
    const { res, file } = await backupOf(CODE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${CODE}-\\d{8}-\\d{6}\\.pgb"$`));
    expect(header(file)).toMatchObject({ format: PGB_FORMAT, version: 1, company: CODE, migrations: [...COMPANY_MIGRATIONS] });
    const admin = await api.signIn();
    const refused = await api.call('GET', '/api/util/backup', { token: admin, database: CODE });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only support users may take a backup');
  });

  it('restores under a new code with the same trial balance, postings, archive and users\' access', async () => {
    const { file } = await backupOf(CODE);
    const res = await restore(file, 'code=RESTORED01&name=Restored%20Lettings');
    expect(res.status, await res.clone().text()).toBe(200);
    const source = api.db.company(schemaNameFor(CODE));
    const copy = api.db.company(schemaNameFor('RESTORED01'));
    expect(await trialBalance(copy, date)).toEqual(await trialBalance(source, date));
    const csv = async (db: typeof source) => new Response(await postingsCsv(db, '2025-05-01', date)).text();
    const postings = await csv(source);
    expect(postings.split('\n').length).toBeGreaterThan(50);
    expect(await csv(copy)).toBe(postings);
    expect(await archiveOf('RESTORED01')).toEqual(await archiveOf(CODE));
    expect(await accessOf('RESTORED01')).toEqual(await accessOf(CODE));
    expect((await accessOf(CODE)).map((a) => a.user_id)).toContain('CLERK');
    // The restored books take new postings: the sequences follow the rows.
    const clerk = await api.signIn('CLERK', 'clerk-password');
    expect((await api.call('POST', '/api/category', { token: clerk, database: 'RESTORED01', body: { code: 'NEWCAT', name: 'After restore', type: 'OWNER' } })).status).toBe(200);
    const next = await copy.insertInto('checklist').values({ code: 'MTHEND_PRE', description: 'After restore', sequence: 99 }).returning('id').executeTakeFirstOrThrow();
    expect(Number(next.id)).toBeGreaterThan(0);
  });

  it('restores over the same company only when asked, replacing what changed since', async () => {
    const { file } = await backupOf(CODE);
    expect((await restore(file, `code=${CODE}`)).status).toBe(409);
    const source = api.db.company(schemaNameFor(CODE));
    await source.deleteFrom('category').where('code', '=', 'POOLS').execute();
    const res = await restore(file, `code=${CODE}&overwrite=true`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await source.selectFrom('category').select('code').where('code', '=', 'POOLS').executeTakeFirst()).toEqual({ code: 'POOLS' });
    expect(await trialBalance(source, date)).toEqual(await trialBalance(api.db.company(schemaNameFor('RESTORED01')), date));
  });

  it('brings an older backup up to this build\'s migrations, and refuses one from a newer build', async () => {
    const older = COMPANY_MIGRATIONS.at(-2)!;
    await migrateCompany(api.db.root, 'co_oldcompany', older);
    await api.db.control.insertInto('company').values({ code: 'OLDCOMPANY', name: 'Old Lettings', schema_name: 'co_oldcompany' }).execute();
    const { file } = await backupOf('OLDCOMPANY');
    expect(header(file).migrations.at(-1)).toBe(older);
    const res = await restore(file, 'code=NEWERCOMPANY');
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).data.migrated).toEqual([COMPANY_MIGRATIONS.at(-1)]);

    const lines = gunzipSync(file).toString('utf8').split('\n');
    lines[0] = JSON.stringify({ ...header(file), migrations: [...header(file).migrations, '29991231T0000_future'] });
    const newer = await restore(new Uint8Array(gzipSync(lines.join('\n'))), 'code=FUTURECOMPANY');
    expect(newer.status).toBe(409);
    expect((await newer.json()).message).toMatch(/newer build/);
  });

  it('refuses a file that is not a backup, and a code of the wrong shape', async () => {
    const bad = await restore(new Uint8Array([1, 2, 3]), 'code=GARBAGE01');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('The file is not a .pgb backup (it is not gzip data)');
    const { file } = await backupOf(CODE);
    const short = await restore(file, 'code=SHORT');
    expect(short.status).toBe(400);
    expect((await short.json()).errors).toContainEqual({ path: 'code', msg: 'Must be at least 8 characters' });
  });
});

describe('a backup while others post', () => {
  it('taken while 10 clients post receipts, restores to balanced books with gapless receipt numbers', async () => {
    const demo = api.db.company('co_demotrust');
    await addTestParties(demo);
    const day = (await openPeriod(demo)).first;
    const receipt = (n: number) => ({ date: day, payer_type: 'OTHER', payer: `Guest ${n}`, method: 'EFT', memo: `Receipt ${n}`,
      items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: n % 2 ? 'OWNSMITH' : 'OWNJONES', door: n % 2 ? '101' : '201', description: 'Stay', amount: n }] });
    const clients = Array.from({ length: 10 }, async (_, c) => {
      for (let i = 0; i < 5; i++) {
        const res = await api.call('POST', '/api/cashbook/receipt', { body: receipt(c * 5 + i + 1) });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    });
    const [{ file }] = await Promise.all([(async () => { await new Promise((r) => setTimeout(r, 30)); return backupOf('DEMOTRUST'); })(), ...clients]);
    const res = await restore(file, 'code=DURINGPOSTS');
    expect(res.status, await res.clone().text()).toBe(200);
    const copy = api.db.company(schemaNameFor('DURINGPOSTS'));
    const position = await trustPosition(copy);
    expect(position.cashbook).toBe(position.ledgers);
    expect(await unbalancedTxns(copy)).toEqual([]);
    expect(await balanceDrift(copy)).toEqual([]);
    const refs = (await copy.selectFrom('txn').select('ref').where('kind', '=', 'RECEIPT').execute()).map((r) => Number(r.ref)).sort((a, b) => a - b);
    expect(refs.every((r, i) => r === i + 1)).toBe(true);
  });
});

describe('GET /api/util/export', () => {
  it('answers every model as JSON without the booking-system password or archive bytes', async () => {
    await api.db.company(schemaNameFor(CODE)).updateTable('control_setting').set({ value: jsonb('very-secret') }).where('key', '=', 'gp_pwd').execute();
    const admin = await api.signIn();
    const res = await api.app.request('/api/util/export?model=all', { headers: { Authorization: `Bearer ${admin}`, 'X-Database': CODE } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="export-BACKUPCO1-\d{8}-\d{6}\.json"$/);
    const text = await res.text();
    expect(text).not.toContain('very-secret');
    const body = JSON.parse(text);
    expect(Object.keys(body.models)).toEqual(expect.arrayContaining(['entity', 'txn', 'posting', 'account', 'archive', 'control_setting']));
    expect(body.models.archive[0]).not.toHaveProperty('content');
    await insertUser(api.db, { id: 'VIEWER', password: 'viewer-password', companies: { [CODE]: { p_dashboard: true } } });
    const viewer = await api.signIn('VIEWER', 'viewer-password');
    const nope = await api.call('GET', '/api/util/export', { token: viewer, database: CODE });
    expect(nope.status).toBe(403);
  });
});

describe('parentsFirst', () => {
  it('orders tables after the tables they refer to', () => {
    expect(parentsFirst(['posting', 'txn', 'entity', 'category'], [
      { child: 'posting', parent: 'txn' }, { child: 'posting', parent: 'entity' }, { child: 'entity', parent: 'category' }, { child: 'txn', parent: 'txn' },
    ])).toEqual(['category', 'entity', 'txn', 'posting']);
  });
});
