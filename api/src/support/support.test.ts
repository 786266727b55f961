import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVE_COMPANY_MESSAGES } from '../contracts/support.js';
import { jsonb, schemaNameFor } from '../db/open.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { insertUser } from '../testing/users.js';
import { ALL_PERMISSIONS } from '../users/membership.js';

let api: TestApi;
let support = '';
let god = '';
let admin = '';
beforeAll(async () => {
  api = await startTestApi();
  await insertUser(api.db, { id: 'GODUSER', password: 'god-password-1', usertype: 'GOD', isSuper: true, companies: { DEMOTRUST: ALL_PERMISSIONS } });
  await api.db.control.updateTable('app_user').set({ god_level: true }).where('id', '=', 'GODUSER').execute();
  support = await api.signIn(api.config.supportUser, api.config.supportPassword);
  god = await api.signIn('GODUSER', 'god-password-1');
  admin = await api.signIn();
}, 60_000);
afterAll(() => api.close());

const newCompany = {
  database: 'NEWTRUST01', company_name: 'New Trust Lettings', code: 'newadmin', name: 'New Administrator', email: 'admin@newtrust.example', password: 'new-admin-pass',
  year: 2026, month: 11, gp_host: 'http://127.0.0.1:7411', gp_user: 'sim', gp_pwd: 'endpoint-secret-1',
};
const schemaExists = async (schema: string) =>
  (await sql<{ n: string }>`select count(*) as n from information_schema.schemata where schema_name = ${schema}`.execute(api.db.root)).rows[0]!.n === '1';
const entityCount = (code: string, type = 'OWNER') => api.db.company(schemaNameFor(code)).selectFrom('entity').select((eb) => eb.fn.countAll().as('n')).where('type', '=', type).executeTakeFirstOrThrow().then((r) => Number(r.n));

describe('every console call is for support users only', () => {
  const calls: [string, string, unknown][] = [
    ['POST', '/api/support/createdb', newCompany],
    ['POST', '/api/support/removedb', { db_name: 'NEWTRUST01' }],
    ['POST', '/api/support/user', { code: 'someone', name: 'Some One', password: 'password-1', company: 'DEMOTRUST' }],
    ['GET', '/api/support/table_update', undefined],
    ['POST', '/api/support/table_update', {}],
    ['POST', '/api/support/imports/preview', { importData: 'Surname\nSmith' }],
    ['POST', '/api/support/imports', { importData: 'Surname\nSmith' }],
    ['POST', '/api/support/god/unlock', { db_name: 'DEMOTRUST', reason: 'Stuck lock' }],
    ['POST', '/api/support/god/revoke', { db_name: 'DEMOTRUST', reason: 'Leaked password' }],
    ['POST', '/api/support/restore?code=RESTORED01', undefined],
    ['GET', '/api/support/backups', undefined],
    ['GET', '/api/progress/support/x', undefined],
  ];
  it.each(calls)('%s %s answers 403 to an administrator', async (method, path, body) => {
    const res = await api.call(method, path, { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body).toMatchObject({ error: true, status: 403, message: 'Only support users may use the support console' });
  });
  it('answers 401 without a token', async () => {
    expect((await api.call('POST', '/api/support/createdb', { token: null, body: newCompany })).status).toBe(401);
  });
});

describe('Add company', () => {
  it.each([
    [{ database: 'SHORT' }, 'database', 'Must be at least 8 characters'],
    [{ database: 'A'.repeat(21) }, 'database', 'Must not be more than 20 characters'],
    [{ database: 'NEW TRUST 1' }, 'database', 'Use letters, digits and _ only'],
    [{ code: '' }, 'code', 'Name is Required'],
    [{ code: 'abc' }, 'code', 'Must be at least 5 characters'],
    [{ code: 'x'.repeat(26) }, 'code', 'Must not be more than 25 characters'],
    [{ name: 'Ann' }, 'name', 'Must be at least 5 characters'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ year: undefined }, 'year', 'Year is Required'],
    [{ month: 13 }, 'month', 'Month is Required'],
    [{ gp_host: '' }, 'gp_host', 'Endpoint URL is Required'],
    [{ gp_user: '' }, 'gp_user', 'Endpoint is Required'],
    [{ gp_pwd: '' }, 'gp_pwd', 'Endpoint password is Required'],
  ])('refuses %j with its message', async (change, path, msg) => {
    const res = await api.call('POST', '/api/support/createdb', { token: support, body: { ...newCompany, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, msg });
    expect(await api.db.control.selectFrom('company').select('code').where('code', '=', 'NEWTRUST01').executeTakeFirst()).toBeUndefined();
  });

  it('creates the migrated schema, its administrator and open month, and keeps the endpoint password without answering it', async () => {
    const res = await api.call('POST', '/api/support/createdb', { token: support, body: newCompany });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Company NEWTRUST01 created', data: { code: 'NEWTRUST01', admin: 'NEWADMIN' } });
    expect(JSON.stringify(res.body)).not.toContain('endpoint-secret-1');
    expect(await schemaExists('co_newtrust01')).toBe(true);
    const token = await api.signIn('newadmin', 'new-admin-pass');
    const control = await api.call('GET', '/api/control', { token, database: 'NEWTRUST01' });
    expect(control.status).toBe(200);
    expect(control.body.data).toMatchObject({ current_year: 2026, current_month: 11, gp_host: 'http://127.0.0.1:7411', gp_user: 'sim', gp_pwd_set: true });
    expect(JSON.stringify(control.body)).not.toContain('endpoint-secret-1');
    const log = await api.db.control.selectFrom('system_log').selectAll().where('routine', '=', 'support').where('database', '=', 'NEWTRUST01').execute();
    expect(log.map((l) => l.identity)).toContain('SUPPORT');
  });

  it('refuses a company or administrator that exists', async () => {
    expect((await api.call('POST', '/api/support/createdb', { token: support, body: newCompany })).status).toBe(409);
    const res = await api.call('POST', '/api/support/createdb', { token: support, body: { ...newCompany, database: 'NEWTRUST02', email: null } });
    expect(res.status).toBe(409);
    expect(res.body.errors).toContainEqual({ path: 'code', msg: 'User already exists' });
    expect(await schemaExists('co_newtrust02')).toBe(false);
  });
});

describe('Add user', () => {
  it('creates an administrator of the default company, and a support user when support access is ticked', async () => {
    const res = await api.call('POST', '/api/support/user', { token: support, body: { code: 'clerk01', name: 'Clerk Number One', password: 'clerk-pass-1', company: 'NEWTRUST01' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await api.db.control.selectFrom('app_user').selectAll().where('id', '=', 'CLERK01').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ usertype: 'ADMIN', default_company: 'NEWTRUST01', is_super: false });
    const token = await api.signIn('clerk01', 'clerk-pass-1');
    expect((await api.call('GET', '/api/user/list', { token, database: 'NEWTRUST01' })).status).toBe(200);
    expect((await api.call('GET', '/api/control', { token, database: 'DEMOTRUST' })).status).toBe(403);

    await api.call('POST', '/api/support/user', { token: support, body: { code: 'helpdesk', name: 'Help Desk Staff', password: 'helpdesk-pass', company: 'DEMOTRUST', is_super: true } });
    expect(await api.db.control.selectFrom('app_user').select(['usertype', 'is_super']).where('id', '=', 'HELPDESK').executeTakeFirstOrThrow()).toEqual({ usertype: 'SUPER', is_super: true });
  });

  it('needs a company that exists', async () => {
    const none = await api.call('POST', '/api/support/user', { token: support, body: { code: 'clerk02', name: 'Clerk Number Two', password: 'clerk-pass-2', company: '' } });
    expect(none.body.errors).toContainEqual({ path: 'company', msg: 'Company is Required' });
    expect((await api.call('POST', '/api/support/user', { token: support, body: { code: 'clerk02', name: 'Clerk Number Two', password: 'clerk-pass-2', company: 'NOSUCHCO' } })).status).toBe(404);
  });
});

describe('Import', () => {
  const csv = [
    'Code,Title,FirstName,Surname,Email,Phone1,Address,Address1,Town,State,Postcode,Disburse_Method,Bank_BSB,Bank_Account_Number,Door,Salutation',
    ',Mr,Peter,Nguyen,peter@example.com,0400 000 001,Unit 4,12 Beach Rd,Noosa,QLD,4567,EFT,062-000,12345678,101,Peter',
    ',Ms,Anna,Nguyen,anna@example.com,,,,,,,HOLD,,,,',
    'KELLY01,,,Kelly,,,,,,,,CHEQUE,,,,',
    ',Dr,Wei,Li,,,,,,,,,,,,',
  ].join('\n');

  it('previews the count and warns of the records already there', async () => {
    const res = await api.call('POST', '/api/support/imports/preview', { token: support, database: 'NEWTRUST01', body: { type: 'ENTITY', importData: csv } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ records: 4, existing: 0, type: 'OWNER' });
  });

  it('imports nothing when a row is bad, and lists each bad row', async () => {
    const bad = `${csv}\n,,,Brown,not-an-email,,,,,,,,,,,\nKELLY01,,,Kelly Again,,,,,,,,,,,,`;
    const res = await api.call('POST', '/api/support/imports', { token: support, database: 'NEWTRUST01', body: { type: 'ENTITY', importData: bad } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('2 of 6 records have errors; nothing was imported');
    expect(res.body.rows).toEqual([
      { line: 6, code: 'BROW001', errors: [{ path: 'email', msg: 'Invalid email address format' }] },
      { line: 7, code: 'KELLY01', errors: [{ path: 'code', msg: 'Code KELLY01 is in the file twice' }] },
    ]);
    expect(await entityCount('NEWTRUST01')).toBe(0);
  });

  it('imports every row with generated codes, then warns that records exist', async () => {
    const res = await api.call('POST', '/api/support/imports', { token: support, database: 'NEWTRUST01', body: { importData: csv } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ data: { imported: 4 }, message: '4 OWNER records imported' });
    const rows = await api.db.company('co_newtrust01').selectFrom('entity').select(['code', 'name', 'address', 'disburse_method', 'category', 'bank_bsb']).where('type', '=', 'OWNER').orderBy('code').execute();
    expect(rows.map((r) => r.code)).toEqual(['KELLY01', 'LIXX001', 'NGUY001', 'NGUY002']);
    expect(rows.find((r) => r.code === 'NGUY001')).toMatchObject({ name: 'Mr Peter Nguyen', address: 'Unit 4, 12 Beach Rd', disburse_method: 'EFT', category: 'HOLIDAY', bank_bsb: '062-000' });
    const preview = await api.call('POST', '/api/support/imports/preview', { token: support, database: 'NEWTRUST01', body: { importData: csv } });
    expect(preview.body.message).toBe('There are already 4 records for OWNER. These may be overriden by this import');
    // Generated codes skip the ones now taken.
    const again = await api.call('POST', '/api/support/imports', { token: support, database: 'NEWTRUST01', body: { importData: 'Surname\nNguyen' } });
    expect(again.body.data.imported).toBe(1);
    expect(await api.db.company('co_newtrust01').selectFrom('entity').select('code').where('code', '=', 'NGUY003').executeTakeFirst()).toBeDefined();
  });

  it('refuses a file that is not an entity CSV', async () => {
    const res = await api.call('POST', '/api/support/imports', { token: support, database: 'NEWTRUST01', body: { importData: 'Foo,Bar\n1,2' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/names no Name or Surname column/);
  });
});

describe('Schema update', () => {
  it('migrates every company, reports each, and one failure does not stop the others', async () => {
    // A company whose schema names a migration this build does not have: the migrator refuses it.
    await sql`insert into co_newtrust01.kysely_migration (name, timestamp) values ('29991231T0000_from_the_future', now())`.execute(api.db.root);
    const res = await api.call('POST', '/api/support/table_update', { token: support, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await api.deps.jobs.idle();
    const progress = await api.call('GET', `/api/progress/support/${res.body.data.id}`, { token: support });
    expect(progress.body.data).toMatchObject({ status: 'done', percent: 100 });
    const status = await api.call('GET', '/api/support/table_update', { token: support });
    const results = status.body.results as { code: string; status: string; message: string }[];
    expect(results.map((r) => r.code)).toEqual(['DEMOTRUST', 'NEWTRUST01']);
    expect(results[0]).toMatchObject({ status: 'ok', message: 'Already up to date' });
    expect(results[1]).toMatchObject({ status: 'failed' });
    expect(results[1]!.message).toMatch(/29991231T0000_from_the_future/);
    await sql`delete from co_newtrust01.kysely_migration where name = '29991231T0000_from_the_future'`.execute(api.db.root);
  });
});

describe('God utilities', () => {
  it('are refused to support users without god level', async () => {
    for (const path of ['/api/support/god/unlock', '/api/support/god/revoke']) {
      const res = await api.call('POST', path, { token: support, body: { db_name: 'DEMOTRUST', reason: 'A good reason' } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only users with GOD level access can use God Mode Utilities.');
    }
  });

  it('clears a stuck month-end lock with the reason logged', async () => {
    const co = api.db.company('co_demotrust');
    await co.insertInto('control_setting').values([{ key: 'monthend_lock_uuid', value: jsonb('some-uuid') }, { key: 'monthend_lock_user', value: jsonb('GONEUSER') }])
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })).execute();
    expect((await api.call('POST', '/api/category', { token: admin, body: { code: 'LOCKED', name: 'Locked out', type: 'OWNER' } })).status).toBe(423);
    const res = await api.call('POST', '/api/support/god/unlock', { token: god, body: { db_name: 'DEMOTRUST', reason: 'Manager left mid month end' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await api.call('POST', '/api/category', { token: admin, body: { code: 'UNLOCKED', name: 'Unlocked again', type: 'OWNER' } })).status).toBe(200);
    const log = await api.db.control.selectFrom('system_log').select(['message', 'identity', 'severity']).where('routine', '=', 'support').where('message', 'like', 'Month-end lock%').execute();
    expect(log).toContainEqual({ message: 'Month-end lock of DEMOTRUST cleared by god utility: Manager left mid month end', identity: 'GODUSER', severity: 'SECURITY' });
  });

  it('ends every session of the company\'s users but not support\'s', async () => {
    const clerk = await api.signIn('clerk01', 'clerk-pass-1');
    const res = await api.call('POST', '/api/support/god/revoke', { token: god, body: { db_name: 'NEWTRUST01', reason: 'Leaked password' } });
    expect(res.status).toBe(200);
    expect(res.body.data.users.sort()).toEqual(['CLERK01', 'NEWADMIN']);
    expect((await api.call('GET', '/api/control', { token: clerk, database: 'NEWTRUST01' })).status).toBe(401);
    expect((await api.call('GET', '/api/control', { token: support, database: 'NEWTRUST01' })).status).toBe(200);
  });
});

describe('Remove company', () => {
  it('is refused without god level, and for the company the console has selected', async () => {
    const notGod = await api.call('POST', '/api/support/removedb', { token: support, database: null, body: { db_name: 'NEWTRUST01' } });
    expect(notGod.status).toBe(403);
    expect(notGod.body.message).toBe(REMOVE_COMPANY_MESSAGES.notGod);
    const current = await api.call('POST', '/api/support/removedb', { token: god, database: 'NEWTRUST01', body: { db_name: 'NEWTRUST01' } });
    expect(current.status).toBe(400);
    expect(current.body.message).toBe(REMOVE_COMPANY_MESSAGES.current);
    expect(await schemaExists('co_newtrust01')).toBe(true);
  });

  it('keeps a backup in the control archive, then removes the schema and every user\'s access, and logs who', async () => {
    const res = await api.call('POST', '/api/support/removedb', { token: god, database: 'DEMOTRUST', body: { db_name: 'NEWTRUST01' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await schemaExists('co_newtrust01')).toBe(false);
    expect(await api.db.control.selectFrom('user_company').select('user_id').where('company_code', '=', 'NEWTRUST01').execute()).toEqual([]);
    expect(await api.db.control.selectFrom('app_user').select('default_company').where('id', '=', 'NEWADMIN').executeTakeFirstOrThrow()).toEqual({ default_company: null });
    const backups = await api.call('GET', '/api/support/backups', { token: support });
    expect(backups.body.data).toEqual([expect.objectContaining({ company: 'NEWTRUST01', user_code: 'GODUSER', blob_id: res.body.data.backup })]);
    const log = await api.db.control.selectFrom('system_log').select(['message', 'identity']).where('routine', '=', 'support').where('database', '=', 'NEWTRUST01').where('message', 'like', '%removed%').execute();
    expect(log).toEqual([{ message: expect.stringContaining('Company NEWTRUST01 (New Trust Lettings) removed'), identity: 'GODUSER' }]);
    // The removed company's backup restores under another code, its owners with it.
    const file = await api.app.request(`/api/support/backups/${backups.body.data[0].id}`, { headers: { Authorization: `Bearer ${support}` } });
    const restored = await api.app.request('/api/support/restore?code=NEWTRUST09', { method: 'POST', headers: { Authorization: `Bearer ${support}`, 'Content-Type': 'application/octet-stream' }, body: await file.arrayBuffer() });
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(await entityCount('NEWTRUST09')).toBe(5);
  });
});
