import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_SETTING_KEYS } from '../contracts/control.js';
import { jsonb } from '../db/open.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { changeLog, expectRefused } from '../users/test-support.js';
import { dateInZone } from '../ledger/business-date.js';

let api: TestApi;
let books: Kysely<any>;
beforeAll(async () => {
  api = await startTestApi();
  books = api.db.company('co_demotrust') as never;
});
afterAll(() => api.close());

const settingsOnly = (record: Record<string, unknown>) => Object.fromEntries(CONTROL_SETTING_KEYS.map((k) => [k, record[k]]));

describe('GET /api/control', () => {
  it('answers every setting plus the computed values, with no ledger figures made up', async () => {
    const res = await api.call('GET', '/api/control');
    expect(res.status).toBe(200);
    for (const key of CONTROL_SETTING_KEYS) expect(res.body.data).toHaveProperty(key);
    const month = new Date().getMonth() + 1;
    expect(res.body.data).toMatchObject({
      today: dateInZone(), current_month: month, db_name: 'DEMOTRUST', company_name: 'Seaside Holiday Lettings Pty Ltd',
      monthend_lock_uuid: null, ledger_first_date: null, ledger_last_date: null, last_reconcile_date: null, bank_balance: null,
      logo_present: false, bank_bsb: '062-000', owner_account: 'OWNFUNDS',
    });
    expect(res.body.data.month_year_startcase).toMatch(/^[A-Z][a-z]+ \d{4}$/);
  });

  it('fills keys never stored with their defaults', async () => {
    await books.deleteFrom('control_setting').where('key', 'in', ['enable_pools', 'navbar_color']).execute();
    const res = await api.call('GET', '/api/control');
    expect(res.body.data).toMatchObject({ enable_pools: false, navbar_color: null });
  });

  it('answers control info', async () => {
    const res = await api.call('GET', '/api/control/info');
    expect(res.body.data).toMatchObject({ db_name: 'DEMOTRUST', current_date: dateInZone(), default_statement_template: 'STATEMENT', bank_balance: null });
    expect(Object.keys(res.body.data)).toEqual(expect.arrayContaining(['current_year', 'current_month', 'month_year_startcase']));
  });
});

describe('POST /api/control', () => {
  it('saves the whole record, logs one change row with before and after, and keeps the booking-system password', async () => {
    await api.call('PUT', '/api/control/gp_pwd', { body: { value: 'secret-pw' } });
    const current = settingsOnly((await api.call('GET', '/api/control')).body.data);
    expect(current.gp_pwd).toBeNull();
    const before = (await changeLog(api, 'control')).length;
    const res = await api.call('POST', '/api/control', { body: { ...current, bank_bsb: '633 000', bank_account_number: '987654321', licence_no: 'LIC-2', sync_frequency: 900 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Control Record Saved!', data: { bank_bsb: '633-000', bank_account_number: '987654321', sync_frequency: 900, gp_pwd: null, gp_pwd_set: true } });
    const log = await changeLog(api, 'control');
    expect(log.length).toBe(before + 1);
    const row = log.at(-1)!;
    expect(row).toMatchObject({ severity: 'CHANGE', method: 'POST', database: 'DEMOTRUST' });
    expect(row.message).toMatch(/bank_account_number, bank_bsb/);
    expect(row.before).toEqual({ bank_account_number: '12345678', bank_bsb: '062-000', licence_no: 'LIC-2040-118', sync_frequency: 0 });
    expect(row.after).toEqual({ bank_account_number: '987654321', bank_bsb: '633-000', licence_no: 'LIC-2', sync_frequency: 900 });
    const stored = await books.selectFrom('control_setting').select('value').where('key', '=', 'gp_pwd').executeTakeFirst();
    expect(stored!.value).toBe('secret-pw');
    expect(JSON.stringify(await changeLog(api, 'control'))).not.toContain('secret-pw');
  });

  it('refuses unknown accounts and templates and bad values, changing nothing', async () => {
    const current = settingsOnly((await api.call('GET', '/api/control')).body.data);
    const post = (body: object, error: { path: string; msg: string }) => expectRefused(api, 'control_setting', 'POST', '/api/control', { ...current, ...body }, { error });
    await post({ owner_account: 'NOACCT' }, { path: 'owner_account', msg: 'Account NOACCT does not exist' });
    await post({ default_statement_template: 'NOTEMPLATE' }, { path: 'default_statement_template', msg: 'Template NOTEMPLATE does not exist' });
    await post({ unallocated_entity: 'NOBODY' }, { path: 'unallocated_entity', msg: 'Entity NOBODY does not exist' });
    await post({ bank_bsb: '12' }, { path: 'bank_bsb', msg: 'BSB is 6 digits (NNN-NNN)' });
    await post({ sync_frequency: 60 }, { path: 'sync_frequency', msg: 'Sync frequency is 0, 300, 900, 1800 or 3600 seconds' });
    await post({ equal_distribution_variance: 10.125 }, { path: 'equal_distribution_variance', msg: 'Percentages have at most two decimals' });
    await post({ current_month: 13 }, { path: 'current_month', msg: 'Month is Required' });
    await expectRefused(api, 'control_setting', 'POST', '/api/control', { bank_bsb: '062-000' }, { status: 400 });
  });
});

describe('PUT /api/control/{key}', () => {
  it('sets one setting with its own rules and logs it', async () => {
    const res = await api.call('PUT', '/api/control/hold_account', { body: { value: 'holdx' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'hold_account', msg: 'Account HOLDX does not exist' }]);
    const ok = await api.call('PUT', '/api/control/navbar_color', { body: { value: '#004488' } });
    expect(ok.body).toMatchObject({ data: { key: 'navbar_color', value: '#004488' }, message: 'Control Record Saved!' });
    const row = (await changeLog(api, 'control')).at(-1)!;
    expect(row.before).toEqual({ navbar_color: null });
    expect(row.after).toEqual({ navbar_color: '#004488' });
  });

  it('refuses unknown and system keys and bad values', async () => {
    await expectRefused(api, 'control_setting', 'PUT', '/api/control/no_such_key', { value: 1 }, { message: 'Unknown control setting no_such_key' });
    await expectRefused(api, 'control_setting', 'PUT', '/api/control/monthend_lock_uuid', { value: 'x' }, { message: /kept by the system/ });
    await expectRefused(api, 'control_setting', 'PUT', '/api/control/last_start_date', { value: '2020-01-01' }, { message: /kept by the system/ });
    await expectRefused(api, 'control_setting', 'PUT', '/api/control/sync_frequency', { value: '900' }, { status: 400 });
    await expectRefused(api, 'control_setting', 'PUT', '/api/control/enable_pools', { value: 'yes' }, { status: 400 });
  });
});

describe('the logo', () => {
  it('has none at first', async () => {
    expect((await api.call('GET', '/api/control/logo')).body).toEqual({ data: { logo: null } });
  });

  it('scales an 800×600 PNG to 300×150 and stores it', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    const res = await api.call('PUT', '/api/control/logo', { body: { logo: `data:image/png;base64,${png.toString('base64')}` } });
    expect(res.status).toBe(200);
    const read = await api.call('GET', '/api/control/logo');
    const logo = read.body.data.logo as string;
    expect(logo).toMatch(/^data:image\/png;base64,/);
    const meta = await sharp(Buffer.from(logo.split(',')[1]!, 'base64')).metadata();
    expect([meta.width, meta.height, meta.format, meta.hasAlpha]).toEqual([300, 150, 'png', true]);
    expect((await api.call('GET', '/api/control')).body.data.logo_present).toBe(true);
    expect((await changeLog(api, 'control')).at(-1)!.message).toBe('Logo changed');
  });

  it('takes JPEGs too and refuses what is not a PNG or JPEG', async () => {
    const jpeg = await sharp({ create: { width: 100, height: 400, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    expect((await api.call('PUT', '/api/control/logo', { body: { logo: `data:image/jpeg;base64,${jpeg.toString('base64')}` } })).status).toBe(200);
    const gif = `data:image/png;base64,${Buffer.from('GIF89a-not-really-a-png').toString('base64')}`;
    await expectRefused(api, 'control_setting', 'PUT', '/api/control/logo', { logo: gif }, { error: { path: 'logo', msg: 'Logo must be a PNG or JPEG image' } });
    await expectRefused(api, 'control_setting', 'PUT', '/api/control/logo', { logo: 'hello' }, { error: { path: 'logo', msg: 'Logo must be a PNG or JPEG image' } });
    const broken = `data:image/png;base64,${Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), Buffer.alloc(40)]).toString('base64')}`;
    await expectRefused(api, 'control_setting', 'PUT', '/api/control/logo', { logo: broken }, { error: { path: 'logo', msg: 'Logo is not a readable PNG or JPEG image' } });
  });
});

describe('GET /api/control/start', () => {
  it('without force only answers the date', async () => {
    await books.deleteFrom('control_setting').where('key', '=', 'last_start_date').execute();
    expect((await api.call('GET', '/api/control/start')).body).toEqual({ data: { today: dateInZone(), ran: false } });
    expect(await books.selectFrom('control_setting').select('key').where('key', '=', 'last_start_date').executeTakeFirst()).toBeUndefined();
  });

  it('with force runs start of day once per day, logged', async () => {
    await books.insertInto('control_setting').values({ key: 'last_start_date', value: jsonb('2026-01-02') }).execute();
    expect((await api.call('GET', '/api/control')).body.data.today).toBe('2026-01-02');
    expect((await api.call('GET', '/api/control/start?force=true')).body).toEqual({ data: { today: dateInZone(), ran: true } });
    expect((await api.call('GET', '/api/control')).body.data.today).toBe(dateInZone());
    expect((await api.call('GET', '/api/control/start?force=true')).body.data.ran).toBe(false);
    const log = await changeLog(api, 'start_of_day');
    expect(log).toHaveLength(1);
    expect(log[0]!.before).toEqual({ last_start_date: '2026-01-02' });
  });

  it('is refused with 423 while another user holds the month-end lock', async () => {
    await books.updateTable('control_setting').set({ value: jsonb('2026-01-02') }).where('key', '=', 'last_start_date').execute();
    await books.insertInto('control_setting').values([{ key: 'monthend_lock_uuid', value: jsonb('lock-1') }, { key: 'monthend_lock_user', value: jsonb('SOMEONE') }]).execute();
    try {
      await expectRefused(api, 'control_setting', 'GET', '/api/control/start?force=true', undefined, { status: 423, message: /Exclusive Month End Mode is active/ });
      expect((await api.call('GET', '/api/control')).body.data).toMatchObject({ monthend_lock_uuid: 'lock-1', monthend_lock_user: 'SOMEONE' });
    } finally {
      await books.deleteFrom('control_setting').where('key', 'in', ['monthend_lock_uuid', 'monthend_lock_user']).execute();
    }
  });
});

describe('ledger figures from the books (issue 17)', () => {
  it('GET /api/control and /api/control/info answer the first and last transaction dates and the last reconciliation', async () => {
    const { addTestParties } = await import('../testing/parties.js');
    const { openPeriod, postTxn } = await import('../ledger/ledger.js');
    await addTestParties(books);
    const open = await openPeriod(books);
    const later = `${open.first.slice(0, 8)}15`;
    for (const date of [later, open.first]) {
      await books.transaction().execute((trx) => postTxn(trx as never, 'TEST', {
        kind: 'RECEIPT', date, memo: 'funds', postings: [{ entity: 'OWNSMITH', door: '101', accountId: 'OWNFUNDS', amount: 1000, description: 'funds' }], cashbook: [{ date, method: 'EFT', amount: 1000 }],
      }));
    }
    const figures = { ledger_first_date: open.first, ledger_last_date: later, last_reconcile_date: null, bank_balance: null };
    expect((await api.call('GET', '/api/control')).body.data).toMatchObject(figures);
    await books.insertInto('reconciliation').values({ ref: 'REC000001', date: open.first, starting_balance: '0', ending_balance: '123456', user_id: 'ADMIN' }).execute();
    const reconciled = { ...figures, last_reconcile_date: open.first, bank_balance: 1234.56 };
    expect((await api.call('GET', '/api/control')).body.data).toMatchObject(reconciled);
    expect((await api.call('GET', '/api/control/info')).body.data).toMatchObject(reconciled);
  });
});
