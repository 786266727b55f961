import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES } from '../contracts/charges.js';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod, postTxn, trustBalance } from '../ledger/ledger.js';
import { trustPosition } from '../ledger/trust-position.js';
import { addTestParties } from '../testing/parties.js';
import { withPeriodClosed } from '../testing/periods.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { pendingCharges } from './pending.js';
import { releaseColour, releaseRowSelectable } from './release.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let DATE: string;
let period: { year: number; month: number; first: string; last: string };

async function receipt(entity: string, door: string | null, cents: number) {
  await db.transaction().execute((trx) => postTxn(trx, 'TEST', { kind: 'RECEIPT', date: DATE, memo: 'funds', postings: [{ entity, door, accountId: 'OWNFUNDS', amount: cents, description: 'funds' }], cashbook: [{ date: DATE, method: 'EFT', amount: cents }] }));
}

const count = async (table: 'charge' | 'charge_item' | 'charge_link' | 'txn' | 'posting') =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const snapshot = async () => ({
  charge: await count('charge'), item: await count('charge_item'), link: await count('charge_link'), txn: await count('txn'), posting: await count('posting'),
  seq: (await db.selectFrom('number_sequence').selectAll().orderBy('kind').execute()).map((r) => `${r.kind}=${r.last_value}`).join(','),
  balances: (await db.selectFrom('ledger_balance').selectAll().orderBy('entity').orderBy('door').execute()).map((r) => `${r.entity}/${r.door}=${r.balance}`).join(','),
  statuses: (await db.selectFrom('charge').select(['id', 'status']).orderBy('id').execute()).map((r) => `${r.id}:${r.status}`).join(','),
});

const charge = (over: Record<string, unknown> = {}) => ({
  date: DATE,
  payer_type: 'OWNER',
  entity: 'OWNSMITH',
  door: '101',
  recipient_type: 'BUSINESS',
  recipient: 'BUSINESS',
  memo: 'Cleaning after stay\nsecond line',
  name: 'Cleaning',
  source_ref: 'INV-77',
  items: [{ account_id: 'CLEAN', amount: 55.5 }, { account_id: 'LINEN', amount: 20, description: 'Linen hire', door: '101' }],
  links: [{ name: 'Invoice', link: 'https://example.com/inv77.pdf' }],
  ...over,
});

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  period = await openPeriod(db);
  DATE = period.first;
});
afterAll(() => api.close());

describe('charges: create, read, list, lookup', () => {
  it('creates a charge with the next CHARGE number, items defaulted, links, logged', async () => {
    const res = await api.call('POST', '/api/charge', { body: charge() });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Record Created');
    const c = res.body.data;
    expect(c.ref).toBe('1');
    expect(c.status).toBe('PENDING');
    expect(c.chargeTotal).toBe(75.5);
    expect(c.items).toHaveLength(2);
    expect(c.items[0]).toMatchObject({ account_id: 'CLEAN', recipient_entity: 'BUSINESS', description: 'Cleaning after stay', amount: 55.5, door: null });
    expect(c.items[1]).toMatchObject({ description: 'Linen hire', door: '101' });
    expect(c.links).toEqual([{ id: expect.any(Number), name: 'Invoice', link: 'https://example.com/inv77.pdf' }]);
    expect(c._itemsWithoutDoor).toBe(true);
    expect(c._readonly).toBe(false);
    const full = await api.call('GET', `/api/charge/full/${c.id}`);
    expect(full.body.data).toEqual(c);
    const log = await api.db.control.selectFrom('system_log').selectAll().where('routine', '=', 'charge').where('record_key', '=', '1').execute();
    expect(log.length).toBe(1);
  });

  it('lists with filters, search and paging; lookup by payer with exclusions; invoice range', async () => {
    await api.call('POST', '/api/charge', { body: charge({ entity: 'OWNJONES', door: '201', memo: 'Plumbing repair', items: [{ account_id: 'REPAIRS', amount: 120 }], recipient_type: 'SUPPLIER', recipient: 'SUPPLUMB' }) });
    const list = await api.call('GET', `/api/charge/list?year=${period.year}&month=${period.month}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data[0]).toMatchObject({ ref: '2', entity: 'OWNJONES', door: '201', recipient: 'SUPPLUMB', recipientname: 'Reliable Plumbing', accounts: ['REPAIRS'], amount: 120, status: 'PENDING', _readonly: false, _candelete: true });
    const search = await api.call('GET', '/api/charge/list?search=plumb');
    expect(search.body.data.map((r: any) => r.ref)).toEqual(['2']);
    // Spec 2's GET /api/charge/list/{query}: a trailing slash or a search segment answers like the plain path (issue 17).
    expect((await api.call('GET', `/api/charge/list/?year=${period.year}&month=${period.month}`)).body).toEqual(list.body);
    expect((await api.call('GET', '/api/charge/list/plumb')).body).toEqual(search.body);
    expect((await api.call('GET', '/api/charge/list/plumb?search=zzz-nothing')).body.data).toEqual([]);
    const payer = await api.call('GET', '/api/charge/list?payer=ownsmith&pageSize=1&page=1');
    expect(payer.body).toMatchObject({ total: 1, data: [{ ref: '1', accounts: ['CLEAN', 'LINEN'] }] });
    const bad = await api.call('GET', '/api/charge/list?month=13');
    expect(bad.status).toBe(400);
    const lookup = await api.call('GET', '/api/charge/lookup/?payer=OWNSMITH');
    expect(lookup.body.data).toEqual([{ id: expect.any(Number), ref: '1', memo: 'Cleaning after stay\nsecond line', amount: 75.5, source: 'INV-77', recipient: 'BUSINESS', door: '101' }]);
    const excluded = await api.call('GET', '/api/charge/lookup?payer=OWNSMITH&exclude=1,9');
    expect(excluded.body.data).toEqual([]);
    expect((await api.call('GET', '/api/charge/lookup')).status).toBe(400);
    const range = await api.call('GET', `/api/charge/invoicerange?year=${period.year}&month=${period.month}`);
    expect(range.body).toEqual({ data: { first: '1', last: '2' } });
    const empty = await api.call('GET', '/api/charge/invoicerange?year=2001&month=1');
    expect(empty.body).toEqual({ data: { first: null, last: null } });
  });

  it('pendingCharges gives cents per payer and door', async () => {
    expect(await pendingCharges(db)).toEqual([
      { entity: 'OWNJONES', door: '201', total: 12000, count: 1 },
      { entity: 'OWNSMITH', door: '101', total: 7550, count: 1 },
    ]);
    expect(await pendingCharges(db, { payer: 'OWNSMITH', door: '102' })).toEqual([]);
  });
});

describe('charges: bad input answers 4xx and changes nothing', () => {
  const cases: [string, Record<string, unknown>, number, RegExp | string][] = [
    ['no items', { items: [] }, 400, CHARGE_MESSAGES.noItems],
    ['items not a list', { items: 'x' }, 400, /items/],
    ['all items deleted', { items: [{ id: 5, account_id: 'CLEAN', amount: 1 }], _deleted: [5] }, 400, CHARGE_MESSAGES.noItems],
    ['third decimal', { items: [{ account_id: 'CLEAN', amount: 1.005 }] }, 400, /two decimals/],
    ['zero amount', { items: [{ account_id: 'CLEAN', amount: 0 }] }, 400, /greater than zero/],
    ['negative amount', { items: [{ account_id: 'CLEAN', amount: -5 }] }, 400, /greater than zero/],
    ['amount as string', { items: [{ account_id: 'CLEAN', amount: '5' }] }, 400, /number/],
    ['no memo', { memo: '' }, 400, /Details are required/],
    ['no name', { name: ' ' }, 400, /Name is required/],
    ['bad date', { date: '31/01/2026' }, 400, /YYYY-MM-DD/],
    ['bad payer type', { payer_type: 'GUEST' }, 400, /Payer type/],
    ['unknown payer', { entity: 'NOBODY' }, 400, /Unknown payer NOBODY/],
    ['payer of another type', { entity: 'SUPCLEAN' }, 400, /SUPCLEAN is a SUPPLIER, not a OWNER/],
    ['door of another owner', { door: '201' }, 400, /Door 201 does not belong to owner OWNSMITH/],
    ['unknown door', { door: 'ZZZ' }, 400, /Unknown door ZZZ/],
    ['unknown recipient', { recipient_type: 'SUPPLIER', recipient: 'NOSUCH' }, 400, /Unknown recipient/],
    ['supplier without code', { recipient_type: 'SUPPLIER', recipient: '' }, 400, /Recipient is required/],
    ['unknown account', { items: [{ account_id: 'NOPE', amount: 5 }] }, 400, /Unknown account NOPE/],
    ['item recipient a tenant', { items: [{ account_id: 'CLEAN', amount: 5, recipient_entity: 'TENBROWN' }] }, 400, /TENANT cannot receive/],
    ['payer pays itself', { items: [{ account_id: 'CLEAN', amount: 5, recipient_entity: 'OWNSMITH', door: '101' }] }, 400, /payer cannot also be the recipient/],
    ['owner item door of another owner', { items: [{ account_id: 'CLEAN', amount: 5, recipient_entity: 'OWNJONES', door: '101' }] }, 400, /does not belong to owner OWNJONES/],
    ['link without address', { links: [{ name: 'x', link: '' }] }, 400, /Link Address is required/],
    ['link not a URL', { links: [{ name: 'x', link: 'not a url' }] }, 400, /URL/],
  ];
  it.each(cases)('%s', async (_name, over, status, message) => {
    const before = await snapshot();
    const res = await api.call('POST', '/api/charge', { body: charge(over) });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(true);
    if (typeof message === 'string') expect(res.body.message).toContain(message);
    else expect(res.body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('a closed period is refused (control month ahead, earlier date)', async () => {
    const before = await snapshot();
    await withPeriodClosed(db, async () => {
      const res = await api.call('POST', '/api/charge', { body: charge() });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/closed/);
      expect(await snapshot()).toEqual(before);
    });
  });

  it('a malformed body is a 400', async () => {
    const before = await snapshot();
    expect((await api.call('POST', '/api/charge', { rawBody: '{"date":' })).status).toBe(400);
    expect((await api.call('PUT', '/api/charge/1', { rawBody: '[1,2' })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('charges: update and delete', () => {
  it('updates a pending charge: header, items kept/added/deleted, links, logged before/after', async () => {
    const created = (await api.call('POST', '/api/charge', { body: charge({ items: [{ account_id: 'CLEAN', amount: 10 }, { account_id: 'LINEN', amount: 5 }], links: [{ name: 'a', link: 'https://a.example' }, { name: 'b', link: 'https://b.example' }] }) })).body.data;
    const [i1, i2] = created.items;
    const [l1, l2] = created.links;
    const res = await api.call('PUT', `/api/charge/${created.id}`, {
      body: charge({ memo: 'Changed', items: [{ ...i1, amount: 12.34 }, { ...i2 }, { account_id: 'REPAIRS', amount: 1 }], _deleted: [i2.id], links: [{ ...l1, name: 'a2' }, l2], _deletedlinks: [l2.id] }),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Record Updated');
    const c = res.body.data;
    expect(c.memo).toBe('Changed');
    expect(c.items.map((i: any) => [i.id === i1.id, i.account_id, i.amount])).toEqual([[true, 'CLEAN', 12.34], [false, 'REPAIRS', 1]]);
    expect(c.links.map((l: any) => l.name)).toEqual(['a2']);
    expect(c.chargeTotal).toBe(13.34);
    const log = await api.db.control.selectFrom('system_log').selectAll().where('routine', '=', 'charge').where('method', '=', 'PUT').executeTakeFirstOrThrow();
    expect((log.before as any).chargeTotal).toBe(15);
    expect((log.after as any).chargeTotal).toBe(13.34);
  });

  it('refuses foreign item ids, bad ids and missing charges', async () => {
    const before = await snapshot();
    const res = await api.call('PUT', '/api/charge/1', { body: charge({ items: [{ id: 999999, account_id: 'CLEAN', amount: 1 }] }) });
    expect(res.status).toBe(400);
    expect((await api.call('PUT', '/api/charge/999999', { body: charge() })).status).toBe(404);
    expect((await api.call('PUT', '/api/charge/abc', { body: charge() })).status).toBe(404);
    expect((await api.call('DELETE', '/api/charge/999999')).status).toBe(404);
    expect((await api.call('GET', '/api/charge/full/999999')).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('delete cancels (the number stays accounted for: CHARGE refs gapless), and a cancelled charge cannot be changed', async () => {
    const created = (await api.call('POST', '/api/charge', { body: charge() })).body.data;
    const res = await api.call('DELETE', `/api/charge/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Record Deleted.');
    const full = (await api.call('GET', `/api/charge/full/${created.id}`)).body.data;
    expect(full).toMatchObject({ status: 'CANCELLED', _readonly: true, _candelete: false });
    expect((await api.call('DELETE', `/api/charge/${created.id}`)).status).toBe(409);
    expect((await api.call('PUT', `/api/charge/${created.id}`, { body: charge() })).status).toBe(409);
    const next = (await api.call('POST', '/api/charge', { body: charge() })).body.data;
    const refs = (await db.selectFrom('charge').select('ref').execute()).map((r) => Number(r.ref)).sort((a, b) => a - b);
    expect(refs).toEqual(refs.map((_, i) => i + 1));
    expect(Number(next.ref)).toBe(refs.length);
    expect(await pendingCharges(db, { payer: 'OWNSMITH' })).not.toContainEqual(expect.objectContaining({ total: 7550 + 7550 * 2 }));
  });
});

describe('release', () => {
  beforeAll(async () => {
    // Start from no pending charges.
    await db.updateTable('charge').set({ status: 'CANCELLED' }).where('status', '=', 'PENDING').execute();
  });

  it('rules: row selection and colours', () => {
    expect(releaseRowSelectable(100, 50)).toBe(true);
    expect(releaseRowSelectable(100, 100)).toBe(false);
    expect(releaseRowSelectable(50, 100)).toBe(false);
    expect(releaseRowSelectable(0, 0)).toBe(false);
    expect(releaseColour(100, 100, 10)).toBe('green');
    expect(releaseColour(50, 100, 10)).toBe('lightgreen');
    expect(releaseColour(5, 100, 10)).toBe('grey');
  });

  it('one of three would overdraw: nothing is released, balances unchanged; then two release', async () => {
    await receipt('OWNJONES', '201', 10000);
    const mk = async (amount: number, over: Record<string, unknown> = {}) =>
      (await api.call('POST', '/api/charge', { body: charge({ entity: 'OWNJONES', door: '201', items: [{ account_id: 'CLEAN', amount }], links: [], ...over }) })).body.data;
    const a = await mk(30);
    const b = await mk(40, { recipient_type: 'SUPPLIER', recipient: 'SUPCLEAN', items: [{ account_id: 'CLEAN', amount: 25 }, { account_id: 'MGMTFEE', amount: 15, recipient_entity: 'BUSINESS' }] });
    const c = await mk(50);

    const view = await api.call('GET', '/api/charge/release?entity=ownjones');
    expect(view.status).toBe(200);
    expect(view.body.data).toHaveLength(1);
    expect(view.body.data[0]).toMatchObject({ entity: 'OWNJONES', funds: 100, charges: 120, available: -20, selected: 0, balance: 100, min_charge: 30, _selectable: false, _colour: 'lightgreen' });
    expect(view.body.data[0].items.map((i: any) => [i.ref, i.amount, i.details])).toEqual([[a.ref, 30, a.memo], [b.ref, 40, b.memo], [c.ref, 50, c.memo]]);

    const before = await snapshot();
    const all = [a, b, c].map((x) => ({ entity: 'OWNJONES', chargeId: x.id, amount: x.chargeTotal }));
    const refused = await api.call('POST', '/api/charge/release', { body: all });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^OVERDRAWN ACCOUNTS NOTICE!.*nothing was released/);
    expect(refused.body.overdrawn).toContainEqual({ entity: 'OWNJONES', door: null, ledger: 30, resulting: -20 });
    expect(await snapshot()).toEqual(before);

    const position = await trustPosition(db);
    const ok = await api.call('POST', '/api/charge/release', { body: all.slice(0, 2) });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('2 charges released totalling $70.00');
    expect(ok.body.data).toMatchObject({ released: 2, total: 70 });
    expect(await trustBalance(db, 'OWNJONES', '201')).toBe(3000);
    expect(await trustBalance(db, 'SUPCLEAN')).toBe(2500);
    expect(await trustBalance(db, 'BUSINESS')).toBe(3000 + 1500);
    const byAccount = await db.selectFrom('posting').select(['entity', 'account_id', (eb) => eb.fn.sum<string>('amount').as('t')]).where('charge_id', 'in', [String(a.id), String(b.id)]).groupBy(['entity', 'account_id']).orderBy('entity').orderBy('account_id').execute();
    expect(byAccount.map((r) => `${r.entity}:${r.account_id}:${r.t}`)).toEqual(['BUSINESS:CLEAN:3000', 'BUSINESS:MGMTFEE:1500', 'OWNJONES:CLEAN:-5500', 'OWNJONES:MGMTFEE:-1500', 'SUPCLEAN:CLEAN:2500']);
    const after = await trustPosition(db);
    expect(after).toEqual(position);
    expect(after.cashbook).toBe(after.ledgers);
    const full = (await api.call('GET', `/api/charge/full/${a.id}`)).body.data;
    expect(full).toMatchObject({ status: 'RELEASED', _readonly: true, _candelete: false, released_ref: expect.any(String) });
    const txn = await db.selectFrom('txn').selectAll().where('id', '=', String(full.released_txn)).executeTakeFirstOrThrow();
    expect(txn.kind).toBe('RELEASE');

    // Released charges can be neither edited, deleted nor released again.
    const frozen = await snapshot();
    expect((await api.call('PUT', `/api/charge/${a.id}`, { body: charge() })).status).toBe(409);
    expect((await api.call('DELETE', `/api/charge/${a.id}`)).status).toBe(409);
    const again = await api.call('POST', '/api/charge/release', { body: [all[0]] });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/RELEASED, not pending/);
    expect(await snapshot()).toEqual(frozen);

    const remaining = (await api.call('GET', '/api/charge/release')).body.data.find((r: any) => r.entity === 'OWNJONES');
    expect(remaining).toMatchObject({ funds: 30, charges: 50, _colour: 'grey', _selectable: false });
  });

  it('refuses a stale amount, a wrong payer, unknown charges, empty or malformed selections', async () => {
    await receipt('OWNSMITH', '102', 5000);
    const c = (await api.call('POST', '/api/charge', { body: charge({ door: '102', items: [{ account_id: 'CLEAN', amount: 10 }], links: [] }) })).body.data;
    const before = await snapshot();
    const bodies: [unknown, number][] = [
      [[{ entity: 'OWNSMITH', chargeId: c.id, amount: 9.99 }], 409],
      [[{ entity: 'OWNJONES', chargeId: c.id, amount: 10 }], 400],
      [[{ entity: 'OWNSMITH', chargeId: 999999, amount: 10 }], 400],
      [[], 400],
      [{ entity: 'OWNSMITH' }, 400],
      [[{ entity: 'OWNSMITH', chargeId: c.id, amount: 10.001 }], 400],
      [[{ entity: 'OWNSMITH', chargeId: c.id, amount: -10 }], 400],
      [[{ entity: 'OWNSMITH', chargeId: 'x', amount: 10 }], 400],
      [[{ entity: 'OWNSMITH', chargeId: c.id, amount: 10 }, { entity: 'OWNSMITH', chargeId: c.id, amount: 10 }], 400],
    ];
    for (const [body, status] of bodies) {
      const res = await api.call('POST', '/api/charge/release', { body });
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      expect(res.body.error).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
    const ok = await api.call('POST', '/api/charge/release', { body: [{ entity: 'OWNSMITH', chargeId: c.id, amount: 10 }] });
    expect(ok.body.message).toBe('1 charge released totalling $10.00');
    expect(await trustBalance(db, 'OWNSMITH', '102')).toBe(4000);
  });

  it('reversing a release makes the charge pending again', async () => {
    const released = await db.selectFrom('charge').selectAll().where('status', '=', 'RELEASED').orderBy('id').executeTakeFirstOrThrow();
    const { reverseTxn } = await import('../ledger/reversal.js');
    await db.transaction().execute((trx) => reverseTxn(trx, 'TEST', Number(released.released_txn), 'Released in error by test'));
    const full = (await api.call('GET', `/api/charge/full/${released.id}`)).body.data;
    expect(full).toMatchObject({ status: 'PENDING', _readonly: false });
  });
});

describe('permissions', () => {
  it('charges need p_entry_charges, release p_entry_disbursement, journals p_entry_journals', async () => {
    const { createStaff } = await import('../users/test-support.js');
    const charges = await createStaff(api, 'CHGCLERK', { p_entry_charges: true } as never);
    const releaser = await createStaff(api, 'RELCLERK', { p_entry_disbursement: true } as never);
    expect((await api.call('GET', '/api/charge/list', { token: charges })).status).toBe(200);
    expect((await api.call('GET', '/api/charge/release', { token: charges })).status).toBe(403);
    expect((await api.call('POST', '/api/charge/release', { token: charges, body: [{ entity: 'OWNSMITH', chargeId: 1, amount: 1 }] })).status).toBe(403);
    expect((await api.call('GET', '/api/journal/list', { token: charges })).status).toBe(403);
    expect((await api.call('GET', '/api/charge/release', { token: releaser })).status).toBe(200);
    expect((await api.call('GET', '/api/charge/list', { token: releaser })).status).toBe(403);
    expect((await api.call('POST', '/api/charge', { token: releaser, body: charge() })).status).toBe(403);
    expect((await api.call('GET', '/api/charge/list', { token: null })).status).toBe(401);
  });
});
