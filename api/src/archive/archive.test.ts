import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../companies/companies.js';
import { ARCHIVE_MESSAGES, SYSTEM_USER } from '../contracts/archive.js';
import { backupCompany } from '../backup/backup.js';
import { schemaNameFor } from '../db/open.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';
import { createStaff } from '../users/test-support.js';
import { ARCHIVE_PATHS, MIME, archiveFile } from './archive.js';

/**
 * The Archive (spec 3 §2 'Archive', §4 'Archive', §7 'Archive and log'; issue 13 'Proof'):
 * p_blob on the server, SYSTEM documents and backups refused as the spec says, and one
 * company's documents out of another's reach.
 */
let api: TestApi;
const B = 'BCO';
const text = (s: string) => new TextEncoder().encode(s);
const ids = { report: 0, pack: 0, system: 0, old: 0, backup: 0, bDoc: 0 };
let support = '';
let bAdmin = '';

const list = async (query = '', token?: string, database?: string) => {
  const res = await api.call('GET', `/api/blob${query}`, { ...(token !== undefined && { token }), ...(database !== undefined && { database }) });
  return res;
};
const names = async (query = '', token?: string) => (await list(query, token)).body.data.map((r: { blob_id: string }) => r.blob_id);
const download = (id: number, token?: string, database?: string) =>
  api.call('POST', '/api/blob/download', { body: { id, blob_id: 'whatever.pdf', path: 'Reports' }, ...(token !== undefined && { token }), ...(database !== undefined && { database }) });

beforeAll(async () => {
  api = await startTestApi();
  const a = api.db.company(schemaNameFor('DEMOTRUST'));
  ids.report = await archiveFile(a, { userCode: 'ADMIN', path: ARCHIVE_PATHS.REPORTS, name: 'A balances.pdf', mime: MIME.pdf, content: text('%PDF A report') });
  ids.pack = await archiveFile(a, { userCode: 'ADMIN', path: ARCHIVE_PATHS.MONTH_END, name: 'A month end.zip', mime: MIME.zip, content: text('PK A pack') });
  ids.system = await archiveFile(a, { userCode: SYSTEM_USER, path: ARCHIVE_PATHS.REPORTS, name: 'A system.csv', mime: MIME.csv, content: text('system') });
  ids.old = await archiveFile(a, { userCode: 'ADMIN', path: ARCHIVE_PATHS.REPORTS, name: 'A old.pdf', mime: MIME.pdf, content: text('old'), date: new Date('2026-03-04T10:00:00') });
  ids.backup = (await a.transaction().execute((trx) => backupCompany(trx, { code: 'DEMOTRUST', schema: schemaNameFor('DEMOTRUST') }, 'ADMIN'))).archiveId;

  await createCompany(api.db, { code: B, companyName: 'B Lettings', year: 2026, month: 11 });
  await insertUser(api.db, { id: 'BADMIN', usertype: 'ADMIN', password: 'b-admin-pass-1', companies: { [B]: { p_is_admin: true } } });
  bAdmin = await api.signIn('BADMIN', 'b-admin-pass-1');
  ids.bDoc = await archiveFile(api.db.company(schemaNameFor(B)), { userCode: 'BADMIN', path: ARCHIVE_PATHS.REPORTS, name: 'B secret.pdf', mime: MIME.pdf, content: text('B only') });
  support = await api.signIn(api.config.supportUser, api.config.supportPassword);
});
afterAll(() => api.close());

describe('GET /api/blob', () => {
  it('lists the last 7 days newest first, with why a row may not be downloaded', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { blob_id: string }) => r.blob_id)).toEqual(expect.arrayContaining(['A balances.pdf', 'A month end.zip', 'A system.csv']));
    expect(res.body.data.map((r: { blob_id: string }) => r.blob_id)).not.toContain('A old.pdf');
    expect(res.body.data[0]).not.toHaveProperty('content');
    const byName = (name: string) => res.body.data.find((r: { blob_id: string }) => r.blob_id === name);
    expect(byName('A balances.pdf')).toMatchObject({ id: ids.report, user_code: 'ADMIN', path: 'Reports', mime: MIME.pdf, refusal: null });
    expect(byName('A system.csv').refusal).toBe(ARCHIVE_MESSAGES.system);
    expect(res.body.data.find((r: { id: number }) => r.id === ids.backup).refusal).toBe(ARCHIVE_MESSAGES.backup);
    // The super user sees the same backup as downloadable.
    expect((await list('', support)).body.data.find((r: { id: number }) => r.id === ids.backup).refusal).toBeNull();
  });

  it('filters by type and by the range of spec 3 §7 (:00:00 and :24:00 suffixes)', async () => {
    expect(await names('?type=MONTH_END')).toEqual(['A month end.zip']);
    expect((await names('?type=backup'))).toHaveLength(1);
    expect(await names('?type=EMAIL')).toEqual([]);
    expect(await names('?type=ALL')).toHaveLength(4);
    expect(await names('?from=2026-03-04:00:00&to=2026-03-04:24:00')).toEqual(['A old.pdf']);
    expect(await names('?from=2026-03-04:10:01&to=2026-03-04:24:00')).toEqual([]);
    expect(await names('?from=2026-03-05&to=2026-03-10:24:00')).toEqual([]);
    expect(await names('?from=2026-03-04&to=2026-03-04')).toEqual(['A old.pdf']);
    expect(await names('?from=2026-03-01:00:00&to=2026-03-04:10:00')).toEqual([]);
    for (const bad of ['?type=SECRET', '?from=yesterday', '?to=2026-02-30:24:00', '?from=2026-03-04:25:00']) expect((await list(bad)).status, bad).toBe(400);
  });
});

describe('POST /api/blob/download', () => {
  it('answers the document itself with its name', async () => {
    const res = await api.app.request('/api/blob/download', {
      method: 'POST', body: JSON.stringify({ id: ids.pack }),
      headers: { Authorization: `Bearer ${await api.signIn()}`, 'X-Database': 'DEMOTRUST', 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe(MIME.zip);
    expect(res.headers.get('Content-Disposition')).toContain('filename="A month end.zip"');
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe('PK A pack');
  });

  it('refuses SYSTEM documents to everybody, backups to all but super users', async () => {
    for (const token of [undefined, support]) {
      const res = await download(ids.system, token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: true, status: 403, message: ARCHIVE_MESSAGES.system });
    }
    expect(await download(ids.backup)).toMatchObject({ status: 403, body: { message: ARCHIVE_MESSAGES.backup } });
    const staff = await createStaff(api, 'ARCHIVER', { p_mgt: true, p_daily: true, p_blob: true });
    expect((await download(ids.backup, staff)).status).toBe(403);
    expect((await download(ids.report, staff)).status).toBe(200);
    const bySupport = await download(ids.backup, support);
    expect(bySupport.status).toBe(200);
  });

  it('answers 404 for ids that are not in the archive, 400 for nonsense', async () => {
    expect((await download(999_999)).status).toBe(404);
    expect((await api.call('POST', '/api/blob/download', { body: { id: 'abc' } })).status).toBe(400);
    expect((await api.call('POST', '/api/blob/download', { body: {} })).status).toBe(400);
  });
});

describe('p_blob', () => {
  it('a user without p_blob gets 403 on the list and the download', async () => {
    const clerk = await createStaff(api, 'NOBLOB', { p_mgt: true, p_daily: true, p_reports: true });
    expect(await list('', clerk)).toMatchObject({ status: 403, body: { error: true, status: 403 } });
    expect((await download(ids.report, clerk)).status).toBe(403);
  });
});

describe('two companies', () => {
  it("company A's users cannot list or fetch company B's documents", async () => {
    const aStaff = await createStaff(api, 'ASTAFF', { p_mgt: true, p_daily: true, p_blob: true });
    expect((await list('', aStaff, B)).status).toBe(403);
    expect((await download(ids.bDoc, aStaff, B)).status).toBe(403);
    // In A's own archive, B's document does not exist: an id is only ever looked up in the company's own schema.
    expect(await names('?type=ALL', aStaff)).not.toContain('B secret.pdf');
    const sameId = await download(ids.bDoc, aStaff);
    expect(JSON.stringify(sameId.body)).not.toContain('B only');
  });

  it("company B's administrator sees only B's archive, and none of A's documents by id", async () => {
    expect((await list('?type=ALL', bAdmin, B)).body.data.map((r: { blob_id: string }) => r.blob_id)).toEqual(['B secret.pdf']);
    expect((await list('', bAdmin)).status).toBe(403);
    expect((await download(ids.report, bAdmin)).status).toBe(403);
    for (const id of [ids.report, ids.pack, ids.backup, ids.old]) {
      if (id === ids.bDoc) continue;
      const res = await download(id, bAdmin, B);
      expect(res.status, `id ${id}`).toBe(404);
    }
    const own = await download(ids.bDoc, bAdmin, B);
    expect(own).toMatchObject({ status: 200, body: 'B only' });
  });
});
