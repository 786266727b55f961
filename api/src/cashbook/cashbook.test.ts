import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { nextNumber, openPeriod, postTxn, trustBalance } from '../ledger/ledger.js';
import { balanceDrift, trustPosition, unbalancedTxns } from '../ledger/trust-position.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { createStaff } from '../users/test-support.js';
import { tableCsv } from '../documents/csv.js';
import { monthEndReports } from '../statements/report-pack.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let D: string; // a date in the open period
let period: { year: number; month: number; first: string; last: string };

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  period = await openPeriod(db);
  D = period.first;
});
afterAll(() => api.close());

const receipt = (over: Record<string, unknown> = {}, item: Record<string, unknown> = {}) => ({
  date: D, payer_type: 'OWNER', payer_entity: 'OWNSMITH', method: 'EFT', memo: 'Owner contribution', tran_ref: 'EFT-1',
  items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNSMITH', door: '101', description: 'Funds for repairs', amount: 500, ...item }],
  ...over,
});
const payment = (over: Record<string, unknown> = {}) => ({
  date: D, payer_type: 'OWNER', payer_entity: 'OWNSMITH', door: '101', method: 'EFT', amount: 100, memo: 'Owner drawing', ...over,
});

/** Everything a refused request must leave untouched. */
async function snapshot() {
  const all = async (t: keyof CompanyTables) => JSON.stringify((await db.selectFrom(t).selectAll().execute()).map((r) => JSON.stringify(r)).sort());
  return {
    txn: await all('txn'), posting: await all('posting'), cashbook: await all('cashbook'), balance: await all('ledger_balance'),
    seq: await all('number_sequence'), charge: await all('charge'), items: await all('receipt_item'), detail: await all('cashbook_detail'), voids: await all('receipt_void'),
  };
}
async function expectUnchanged<T>(fn: () => Promise<T>): Promise<T> {
  const before = await snapshot();
  const result = await fn();
  expect(await snapshot()).toEqual(before);
  return result;
}
async function expectInvariants() {
  const position = await trustPosition(db);
  expect(position.cashbook).toBe(position.ledgers);
  expect(await unbalancedTxns(db)).toEqual([]);
  expect(await balanceDrift(db)).toEqual([]);
}
const balance = (entity: string, door?: string) => trustBalance(db, entity, door);
const seq = async (kind: string) => Number((await db.selectFrom('number_sequence').select('last_value').where('kind', '=', kind).executeTakeFirstOrThrow()).last_value);

/** A pending charge from payer (door) to recipient, items in dollars by account. */
async function makeCharge(payer: string, door: string | null, recipient: string, items: [string, number][]) {
  return db.transaction().execute(async (trx) => {
    const ref = await nextNumber(trx, 'CHARGE');
    const charge = await trx.insertInto('charge').values({
      ref, date: D, payer_type: 'OWNER', entity: payer, door, recipient_type: 'SUPPLIER', recipient, recipient_door: null, memo: `Charge ${ref}`, user_id: 'TEST',
    }).returning(['id', 'ref']).executeTakeFirstOrThrow();
    await trx.insertInto('charge_item').values(items.map(([account, dollars]) => ({
      charge_id: charge.id, account_id: account, recipient_entity: recipient, door, description: `${account} work`, amount: Math.round(dollars * 100),
    }))).execute();
    return { id: Number(charge.id), ref: charge.ref };
  });
}
const chargeRow = (id: number) => db.selectFrom('charge').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();

describe('POST /api/cashbook/receipt', () => {
  it('posts an account receipt: number, ledger, bank line, items as read', async () => {
    const res = await api.call('POST', '/api/cashbook/receipt', { body: receipt() });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Receipt 1 posted');
    expect(res.body.data).toMatchObject({
      ref: '1', date: D, kind: 'RECEIPT', method: 'EFT', payer: 'Jane Smith', payer_type: 'OWNER', payer_entity: 'OWNSMITH', memo: 'Owner contribution',
      amount: 500, surchargeAmount: 0, receiptTotal: 500, properties: '101', recipients: 'OWNSMITH', banked: false, reconciled: false, reversed: false,
      _candelete: true, _canreverse: true, _readonly: false,
      items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNSMITH', door: '101', description: 'Funds for repairs', amount: 500 }],
    });
    expect(await balance('OWNSMITH', '101')).toBe(50_000);
    const cash = await db.selectFrom('cashbook').selectAll().where('txn_id', '=', String(res.body.data.id)).execute();
    expect(cash).toHaveLength(1);
    expect(cash[0]).toMatchObject({ amount: '50000', method: 'EFT', payer: 'Jane Smith', tran_ref: 'EFT-1' });
    await expectInvariants();
  });

  it('answers the spec messages and bad input with a 400, changing nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>, RegExp | string][] = [
      [{ payer_entity: undefined }, {}, 'payer_entity: Payer Entity is required'],
      [{ method: undefined }, {}, 'method: Payment Method is Required'],
      [{ method: 'BITCOIN' }, {}, 'method: Payment Method is Required'],
      [{ date: undefined }, {}, 'date: Date is required'],
      [{ date: '21/11/2026' }, {}, /date: Date must be YYYY-MM-DD/],
      [{ memo: '' }, {}, 'memo: Details are required'],
      [{ memo: undefined }, {}, 'memo: Details are required'],
      [{ method: 'CARD' }, {}, 'card_type: Card Type is required'],
      [{ payer_type: 'OTHER', payer_entity: null }, {}, 'payer: Payer Name is required'],
      [{ payer_type: 'SUPPLIER' }, {}, /payer_type/],
      [{ items: [] }, {}, 'items: A receipt needs at least one item'],
      [{}, { amount: undefined }, 'items.0.amount: Receipt Amount is required'],
      [{}, { amount: 0 }, 'items.0.amount: Amount must be greater than zero'],
      [{}, { amount: -5 }, 'items.0.amount: Amount must be greater than zero'],
      [{}, { amount: 10.005 }, 'items.0.amount: Amounts have at most two decimals'],
      [{}, { amount: '10' }, 'items.0.amount: Amount must be a number'],
      [{}, { entity: '' }, 'items.0.entity: Entity is required'],
      [{}, { description: ' ' }, 'items.0.description: Description is required'],
      [{}, { ref: '' }, 'items.0.ref: Charge or Account ID is required'],
    ];
    for (const [over, item, message] of cases) {
      const res = await expectUnchanged(() => api.call('POST', '/api/cashbook/receipt', { body: receipt(over, item) }));
      expect(res.status, JSON.stringify(over) + JSON.stringify(item)).toBe(400);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
  });

  it('refuses unknown parties, doors, accounts, card types, and dates outside the open period', async () => {
    const before = new Date(`${period.first}T00:00:00Z`);
    before.setUTCDate(0);
    const after = new Date(`${period.last}T00:00:00Z`);
    after.setUTCDate(after.getUTCDate() + 1);
    const cases: [Record<string, unknown>, Record<string, unknown>, number, RegExp][] = [
      [{ payer_entity: 'NOBODY' }, {}, 400, /Unknown payer entity NOBODY/],
      [{ payer_entity: 'SUPCLEAN', payer_type: 'OWNER' }, {}, 400, /SUPCLEAN is SUPPLIER, not OWNER/],
      [{}, { entity: 'NOBODY' }, 400, /Unknown party: NOBODY/],
      [{}, { door: '999' }, 400, /Unknown door 999/],
      [{}, { door: '201' }, 400, /Door 201 does not belong to owner OWNSMITH/],
      [{}, { ref: 'NOACCT' }, 400, /Unknown account: NOACCT/],
      [{ method: 'CARD', card_type: 'DINERS' }, {}, 400, /Card Type DINERS does not exist/],
      [{ date: before.toISOString().slice(0, 10) }, {}, 409, /closed/],
      [{ date: after.toISOString().slice(0, 10) }, {}, 400, /after the open period/],
      [{}, { selector: 'CHARGE', ref: '999999' }, 400, /charge 999999 not found/],
    ];
    for (const [over, item, status, message] of cases) {
      const res = await expectUnchanged(() => api.call('POST', '/api/cashbook/receipt', { body: receipt(over, item) }));
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
  });

  it('adds the card surcharge, rounded once, to the bank line and to BUSINESS on the surcharge account', async () => {
    // $100.01 at 1.20% = 120.012 cents → $1.20; $100.50 at 1.20% = 120.6 cents → $1.21; $0.20 at 2.50% = 0.5 cent → 1 cent (half away from zero).
    for (const [amount, card, surcharge] of [[100.01, 'VISA', 1.2], [100.5, 'MC', 1.21], [0.2, 'AMEX', 0.01]] as const) {
      const business = await balance('BUSINESS');
      const res = await api.call('POST', '/api/cashbook/receipt', { body: receipt({ method: 'CARD', card_type: card }, { amount }) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ surchargeAmount: surcharge, receiptTotal: Math.round((amount + surcharge) * 100) / 100, amount: Math.round((amount + surcharge) * 100) / 100, card_type: card, recipients: 'BUSINESS, OWNSMITH' });
      expect(await balance('BUSINESS')).toBe(business + Math.round(surcharge * 100));
      const lines = await db.selectFrom('posting').selectAll().where('txn_id', '=', String(res.body.data.id)).where('entity', '=', 'BUSINESS').execute();
      expect(lines).toMatchObject([{ account_id: 'SURCHG', amount: String(Math.round(surcharge * 100)) }]);
    }
    // $0.10 at 0.50% = 0.05 cent → no surcharge line at all.
    const res = await api.call('POST', '/api/cashbook/receipt', { body: receipt({ method: 'CARD', card_type: 'EFTPOS' }, { amount: 0.1 }) });
    expect(res.body.data).toMatchObject({ surchargeAmount: 0, receiptTotal: 0.1 });
    expect(await db.selectFrom('posting').select('id').where('txn_id', '=', String(res.body.data.id)).execute()).toHaveLength(1);
    await expectInvariants();
  });

  it('moves the owners\' share of a card surcharge (card type surcharge_owner) from each owner door credited to BUSINESS', async () => {
    // Owner S/C 1.50%, Payer S/C 1.00%.
    await db.insertInto('card_type').values({ code: 'OWNSC', name: 'Owner share card', surcharge_owner: 150, surcharge_payer: 100 }).execute();
    const before = { smith: await balance('OWNSMITH', '101'), jones: await balance('OWNJONES', '201'), clean: await balance('SUPCLEAN'), business: await balance('BUSINESS') };
    const res = await api.call('POST', '/api/cashbook/receipt', {
      body: {
        ...receipt({ method: 'CARD', card_type: 'OWNSC', payer_type: 'OTHER', payer_entity: null, payer: 'Card Guest' }),
        items: [
          { selector: 'ACCOUNT', ref: 'ROOMCHG', entity: 'OWNSMITH', door: '101', description: 'Room', amount: 200.01 },
          { selector: 'ACCOUNT', ref: 'ROOMCHG', entity: 'OWNJONES', door: '201', description: 'Room', amount: 1 },
          { selector: 'ACCOUNT', ref: 'CLEAN', entity: 'SUPCLEAN', door: null, description: 'Clean', amount: 50 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Payer: 1% of $251.01 = 251.01 cents -> $2.51 on top. Owners: 1.5% of $200.01 = 300.015 cents -> $3.00;
    // 1.5% of $1.00 = 1.5 cents -> 2 cents (half away from zero). The supplier bears nothing.
    expect(res.body.data).toMatchObject({ surchargeAmount: 2.51, receiptTotal: 253.52, amount: 253.52 });
    expect(await balance('OWNSMITH', '101')).toBe(before.smith + 20_001 - 300);
    expect(await balance('OWNJONES', '201')).toBe(before.jones + 100 - 2);
    expect(await balance('SUPCLEAN')).toBe(before.clean + 5_000);
    expect(await balance('BUSINESS')).toBe(before.business + 251 + 302);
    const lines = await db.selectFrom('posting').select(['entity', 'door', 'account_id', 'amount']).where('txn_id', '=', String(res.body.data.id)).where('account_id', '=', 'SURCHG').orderBy('id').execute();
    expect(lines.map((l) => [l.entity, l.door, Number(l.amount)])).toEqual([['BUSINESS', null, 251], ['OWNSMITH', '101', -300], ['OWNJONES', '201', -2], ['BUSINESS', null, 302]]);
    const cash = await db.selectFrom('cashbook').select('amount').where('txn_id', '=', String(res.body.data.id)).executeTakeFirstOrThrow();
    expect(Number(cash.amount)).toBe(25_352);
    await expectInvariants();
  });

  it('takes a payer of type OTHER as multi-line text: first line the name', async () => {
    const res = await api.call('POST', '/api/cashbook/receipt', { body: receipt({ payer_type: 'OTHER', payer_entity: null, payer: 'Walk-in Guest\n12 Main St\nNoosa QLD' }) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ payer: 'Walk-in Guest', payer_type: 'OTHER', payer_entity: null });
    const cash = await db.selectFrom('cashbook').select('payer').where('txn_id', '=', String(res.body.data.id)).executeTakeFirstOrThrow();
    expect(cash.payer).toBe('Walk-in Guest\n12 Main St\nNoosa QLD');
  });

  it('refuses to edit a posted receipt: reverse it instead', async () => {
    const res = await expectUnchanged(() => api.call('POST', '/api/cashbook/receipt', { body: receipt({ id: 1 }) }));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Receipt 1 is posted and cannot be edited: reverse it/);
  });
});

describe('receipts paying pending charges', () => {
  it('pays a charge in full to its recipients, releases it, and pays it again after a reversal re-opens it', async () => {
    const charge = await makeCharge('OWNSMITH', '101', 'SUPCLEAN', [['CLEAN', 80], ['LINEN', 20]]);
    const item = { selector: 'CHARGE', ref: String(charge.id), entity: 'OWNSMITH', door: '101', description: 'Pay cleaning' };

    const short = await expectUnchanged(() => api.call('POST', '/api/cashbook/receipt', { body: receipt({}, { ...item, amount: 99.99 }) }));
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/the amount \$99\.99 must equal the total of charge \d+, \$100\.00: a receipt pays a charge in full/);

    const supplier = await balance('SUPCLEAN');
    const owner = await balance('OWNSMITH', '101');
    const paid = await api.call('POST', '/api/cashbook/receipt', { body: receipt({}, { ...item, amount: 100 }) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.items).toMatchObject([{ selector: 'CHARGE', ref: String(charge.id), entity: 'OWNSMITH', amount: 100 }]);
    expect(paid.body.data.recipients).toBe('SUPCLEAN');
    expect(await balance('SUPCLEAN')).toBe(supplier + 10_000);
    expect(await balance('OWNSMITH', '101')).toBe(owner);
    expect(await chargeRow(charge.id)).toMatchObject({ status: 'RELEASED', released_txn: String(paid.body.data.id) });
    const postings = await db.selectFrom('posting').selectAll().where('txn_id', '=', String(paid.body.data.id)).orderBy('id').execute();
    expect(postings.map((p) => [p.entity, p.account_id, Number(p.amount), Number(p.charge_id)])).toEqual([['SUPCLEAN', 'CLEAN', 8000, charge.id], ['SUPCLEAN', 'LINEN', 2000, charge.id]]);

    const again = await expectUnchanged(() => api.call('POST', '/api/cashbook/receipt', { body: receipt({}, { ...item, amount: 100 }) }));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/is released, not pending/);

    const rev = await api.call('POST', `/api/cashbook/reverse/${paid.body.data.id}?reason=${encodeURIComponent('Paid against the wrong month')}`);
    expect(rev.status, JSON.stringify(rev.body)).toBe(200);
    expect(await chargeRow(charge.id)).toMatchObject({ status: 'PENDING', released_txn: null });
    expect(await balance('SUPCLEAN')).toBe(supplier);

    const repaid = await api.call('POST', '/api/cashbook/receipt', { body: receipt({}, { ...item, amount: 100 }) });
    expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
    expect(await chargeRow(charge.id)).toMatchObject({ status: 'RELEASED', released_txn: String(repaid.body.data.id) });
    await expectInvariants();
  });

  it('refuses a charge payable by someone else, and the same charge twice in one receipt', async () => {
    const charge = await makeCharge('OWNJONES', '201', 'SUPCLEAN', [['CLEAN', 50]]);
    const item = { selector: 'CHARGE', ref: String(charge.id), entity: 'OWNSMITH', door: '101', description: 'Pay', amount: 50 };
    const other = await expectUnchanged(() => api.call('POST', '/api/cashbook/receipt', { body: receipt({}, item) }));
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/payable by OWNJONES, not by OWNSMITH/);
    const twice = await expectUnchanged(() => api.call('POST', '/api/cashbook/receipt', {
      body: { ...receipt({ payer_entity: 'OWNJONES' }), items: [{ ...item, entity: 'OWNJONES', door: '201' }, { ...item, entity: 'OWNJONES', door: '201' }] },
    }));
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/already paid by another line/);
    // The item's entity may name the payer when the receipt's payer is someone else (e.g. a tenant paying for the owner).
    const ok = await api.call('POST', '/api/cashbook/receipt', { body: receipt({ payer_type: 'TENANT', payer_entity: 'TENBROWN' }, { ...item, entity: 'OWNJONES', door: '201' }) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await chargeRow(charge.id)).toMatchObject({ status: 'RELEASED' });
  });
});

describe('POST /api/cashbook/payment', () => {
  it('pays out of the owner door on the disbursement account, amount positive when read', async () => {
    const before = await balance('OWNSMITH', '101');
    const res = await api.call('POST', '/api/cashbook/payment', { body: payment({ tran_ref: 'TX-9' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/^Payment \d+ posted$/);
    expect(res.body.data).toMatchObject({ kind: 'PAYMENT', amount: 100, payee: 'J Smith', payer: 'OWNSMITH', door: '101', method: 'EFT', _canreverse: true, _candelete: false });
    expect(await balance('OWNSMITH', '101')).toBe(before - 10_000);
    const lines = await db.selectFrom('posting').selectAll().where('txn_id', '=', String(res.body.data.id)).execute();
    expect(lines).toMatchObject([{ entity: 'OWNSMITH', door: '101', account_id: 'DISBURSE', amount: '-10000' }]);
    const cash = await db.selectFrom('cashbook').selectAll().where('txn_id', '=', String(res.body.data.id)).execute();
    expect(cash).toMatchObject([{ amount: '-10000', payee: 'J Smith', tran_ref: 'TX-9' }]);
    const read = await api.call('GET', `/api/cashbook/read/${res.body.data.id}`);
    expect(read.body.data.amount).toBe(100);
    await expectInvariants();
  });

  it('answers the spec messages and bad input with a 400, changing nothing', async () => {
    const cases: [Record<string, unknown>, RegExp | string][] = [
      [{ payer_entity: undefined }, 'payer_entity: Payer Entity is required'],
      [{ payer_entity: '' }, 'payer_entity: Payer Entity is required'],
      [{ method: undefined }, 'method: Payment Method is Required'],
      [{ method: 'CASH' }, 'method: Payment Method is Required'],
      [{ date: undefined }, 'date: Date is required'],
      [{ memo: '' }, 'memo: Details are required'],
      [{ amount: undefined }, 'amount: Amount is required'],
      [{ amount: null }, 'amount: Amount is required'],
      [{ amount: 0 }, 'amount: Amount must be greater than zero'],
      [{ amount: -1 }, 'amount: Amount must be greater than zero'],
      [{ amount: 1.234 }, 'amount: Amounts have at most two decimals'],
      [{ payer_type: 'TENANT' }, /payer_type/],
      [{ payer_entity: 'NOBODY' }, /Unknown payer entity NOBODY/],
      [{ payer_type: 'SUPPLIER' }, /OWNSMITH is OWNER, not SUPPLIER/],
      [{ door: null }, 'Door is required for an owner payment'],
      [{ door: '201' }, /Door 201 does not belong to owner OWNSMITH/],
    ];
    for (const [over, message] of cases) {
      const res = await expectUnchanged(() => api.call('POST', '/api/cashbook/payment', { body: payment(over) }));
      expect(res.status, JSON.stringify(over) + JSON.stringify(res.body)).toBe(400);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
  });

  it('never pays beyond the balance: 409 with the available balance, nothing changed', async () => {
    const available = await balance('OWNSMITH', '101');
    const res = await expectUnchanged(() => api.call('POST', '/api/cashbook/payment', { body: payment({ amount: available / 100 + 0.01 }) }));
    expect(res.status).toBe(409);
    const shown = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(available / 100);
    expect(res.body.message).toBe(`OVERDRAWN ACCOUNTS NOTICE! A payment of ${new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(available / 100 + 0.01)} exceeds the available balance of ${shown} for OWNSMITH (101)`);
    expect(res.body.available).toBe(available / 100);
    expect(res.body.overdrawn).toContainEqual({ entity: 'OWNSMITH', door: '101', ledger: available / 100, resulting: -0.01 });
    // A supplier with nothing: available $0.00.
    const none = await expectUnchanged(() => api.call('POST', '/api/cashbook/payment', { body: payment({ payer_type: 'SUPPLIER', payer_entity: 'SUPPLUMB', door: null, amount: 5 }) }));
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/available balance of \$0\.00 for SUPPLUMB$/);
  });

  it('two concurrent payments for the same last dollars: exactly one succeeds, never negative', async () => {
    await api.call('POST', '/api/cashbook/receipt', { body: receipt({ payer_entity: 'OWNJONES' }, { entity: 'OWNJONES', door: '201', amount: 75 }) });
    const funds = await balance('OWNJONES', '201');
    const token = await api.signIn();
    const pay = () => api.app.request('/api/cashbook/payment', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'X-Database': 'DEMOTRUST', 'Content-Type': 'application/json' },
      body: JSON.stringify(payment({ payer_entity: 'OWNJONES', door: '201', amount: funds / 100 })),
    });
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([pay(), pay()]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual(round === 0 ? [200, 409] : [409, 409]);
      expect(await balance('OWNJONES', '201')).toBe(0);
      expect(await balance('OWNJONES')).toBeGreaterThanOrEqual(0);
    }
    await expectInvariants();
  });

  it('refuses to edit a posted payment', async () => {
    const [p] = await db.selectFrom('txn').select('id').where('kind', '=', 'PAYMENT').execute();
    const res = await expectUnchanged(() => api.call('POST', '/api/cashbook/payment', { body: payment({ id: Number(p!.id) }) }));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/is posted and cannot be edited: reverse it/);
  });
});

describe('lists, read, receipt range and balances', () => {
  it('lists receipts of the period with the spec columns, paged with totals, searchable', async () => {
    const all = await api.call('GET', `/api/cashbook/receipt/list?year=${period.year}&month=${period.month}&pageSize=500`);
    expect(all.status).toBe(200);
    const receipts = await db.selectFrom('txn as t').innerJoin('cashbook as c', 'c.txn_id', 't.id').leftJoin('txn as o', 'o.id', 't.reversal_of')
      .select(['t.id', 'c.amount']).where((eb) => eb.or([eb('t.kind', '=', 'RECEIPT'), eb('o.kind', '=', 'RECEIPT')])).execute();
    expect(all.body.total).toBe(receipts.length);
    expect(all.body.data).toHaveLength(receipts.length);
    expect(Math.round(all.body.totalAmount * 100)).toBe(receipts.reduce((a, r) => a + Number(r.amount), 0));
    const row = all.body.data.find((r: { ref: string; kind: string }) => r.ref === '1' && r.kind === 'RECEIPT');
    for (const key of ['id', 'date', 'ref', 'banked', 'reconciled', 'source', 'method', 'card_type', 'payer', 'memo', 'properties', 'recipients', 'amount', 'reversed', 'reversal_ref', '_readonly', '_candelete', '_canreverse']) {
      expect(row, key).toHaveProperty(key);
    }
    // A reversed receipt and its reversal: the reversal row is negative, read-only, linked both ways.
    const reversed = all.body.data.find((r: { reversed: boolean }) => r.reversed);
    const reversal = all.body.data.find((r: { reversal_of_ref: string | null }) => r.reversal_of_ref === reversed.ref);
    expect(reversal).toMatchObject({ kind: 'REVERSAL', ref: reversed.reversal_ref, amount: -reversed.amount, _canreverse: false, _candelete: false, _readonly: true });
    expect(reversed).toMatchObject({ _canreverse: false, _candelete: false });

    const page = await api.call('GET', `/api/cashbook/receipt/list?year=${period.year}&month=${period.month}&page=2&pageSize=3`);
    expect(page.body.total).toBe(receipts.length);
    expect(page.body.data.map((r: { id: number }) => r.id)).toEqual(all.body.data.slice(3, 6).map((r: { id: number }) => r.id));

    const search = await api.call('GET', '/api/cashbook/receipt/list?search=walk-in');
    expect(search.body.data.map((r: { payer: string }) => r.payer)).toEqual(['Walk-in Guest']);
    expect(search.body.total).toBe(1);
    const short = await api.call('GET', '/api/cashbook/receipt/list?search=wa');
    expect(short.body.total).toBe(receipts.length);
    const otherMonth = await api.call('GET', `/api/cashbook/receipt/list?year=${period.year - 1}&month=${period.month}`);
    expect(otherMonth.body).toEqual({ data: [], total: 0, totalAmount: 0 });
    const bad = await api.call('GET', '/api/cashbook/receipt/list?month=13');
    expect(bad.status).toBe(400);
  });

  it('lists payments as positive amounts, reversals negative', async () => {
    const list = await api.call('GET', '/api/cashbook/payment/list');
    expect(list.status).toBe(200);
    expect(list.body.data.every((r: { kind: string; amount: number }) => r.kind === 'PAYMENT' && r.amount > 0)).toBe(true);
    const paid = await db.selectFrom('cashbook as c').innerJoin('txn as t', 't.id', 'c.txn_id').select('c.amount').where('t.kind', '=', 'PAYMENT').execute();
    expect(Math.round(list.body.totalAmount * 100)).toBe(-paid.reduce((a, r) => a + Number(r.amount), 0));
    expect(list.body.data[0]).toMatchObject({ payer_type: 'OWNER', method: 'EFT', _candelete: false });
  });

  it('marks only the newest receipt deletable', async () => {
    const list = await api.call('GET', '/api/cashbook/receipt/list?pageSize=500');
    const deletable = list.body.data.filter((r: { _candelete: boolean }) => r._candelete);
    expect(deletable.map((r: { ref: string }) => r.ref)).toEqual([String(await seq('RECEIPT'))]);
  });

  it('reads receipts with items and answers 404 / 403 properly', async () => {
    const missing = await api.call('GET', '/api/cashbook/read/999999');
    expect(missing.status).toBe(404);
    const garbage = await api.call('GET', '/api/cashbook/read/abc');
    expect(garbage.status).toBe(404);
    const token = await createStaff(api, 'PAYCLERK', { p_entry_payments: true });
    const [r] = await db.selectFrom('txn').select('id').where('kind', '=', 'RECEIPT').limit(1).execute();
    const refused = await api.call('GET', `/api/cashbook/read/${r!.id}`, { token });
    expect(refused.status).toBe(403);
    expect((await api.call('GET', '/api/cashbook/receipt/list', { token })).status).toBe(403);
    expect((await api.call('GET', '/api/cashbook/payment/list', { token })).status).toBe(200);
    // Accounts' Receipts and Payments ledger reads both lists, and opens no record to edit.
    const ledger = await createStaff(api, 'RPLEDGER', { p_accounting: true, p_fn_ReceiptsAndPayments: true });
    const receipts = await api.call('GET', '/api/cashbook/receipt/list', { token: ledger });
    expect(receipts.status).toBe(200);
    expect(receipts.body.data.length).toBeGreaterThan(0);
    expect((await api.call('GET', '/api/cashbook/payment/list', { token: ledger })).status).toBe(200);
    expect((await api.call('GET', `/api/cashbook/read/${r!.id}`, { token: ledger })).status).toBe(403);
  });

  it('answers the receipt range of a month', async () => {
    const res = await api.call('GET', `/api/cashbook/receiptrange?year=${period.year}&month=${period.month}`);
    expect(res.body.data).toEqual({ first: '1', last: String(await seq('RECEIPT')), voided: [] });
    const none = await api.call('GET', `/api/cashbook/receiptrange?year=${period.year - 1}&month=1`);
    expect(none.body.data).toEqual({ first: null, last: null, voided: [] });
    expect((await api.call('GET', '/api/cashbook/receiptrange?year=2026')).status).toBe(400);
  });

  it('answers a party balance: ledger, pending charges, and the balance after them', async () => {
    const charge = await makeCharge('OWNSMITH', '102', 'SUPPLUMB', [['REPAIRS', 30.5]]);
    const ledger101 = await balance('OWNSMITH', '101');
    const total = await balance('OWNSMITH');
    const door = await api.call('GET', '/api/entity/balance/OWNSMITH?door=101');
    expect(door.status).toBe(200);
    expect(door.body.data).toEqual({ ledger: ledger101 / 100, charge: 0, balance: ledger101 / 100 });
    const door102 = await api.call('GET', '/api/entity/balance/ownsmith?door=102');
    expect(door102.body.data).toEqual({ ledger: (await balance('OWNSMITH', '102')) / 100, charge: 30.5, balance: ((await balance('OWNSMITH', '102')) - 3050) / 100 });
    const all = await api.call('GET', '/api/entity/balance/OWNSMITH');
    expect(all.body.data).toEqual({ ledger: total / 100, charge: 30.5, balance: (total - 3050) / 100 });
    expect((await api.call('GET', '/api/entity/balance/NOBODY')).status).toBe(404);
    expect((await api.call('GET', '/api/entity/balance/BUSINESS')).body.data.ledger).toBe((await balance('BUSINESS')) / 100);
    await db.updateTable('charge').set({ status: 'CANCELLED' }).where('id', '=', String(charge.id)).execute();
  });
});

describe('DELETE /api/cashbook/{id}', () => {
  const WHY = '?reason=Entered%20against%20the%20wrong%20payer';
  const receiptId = async (ref: string) => Number((await db.selectFrom('txn').select('id').where('kind', '=', 'RECEIPT').where('ref', '=', ref).executeTakeFirstOrThrow()).id);

  it('deletes only the newest receipt, keeping its number void, restoring balances and charges, logging it', async () => {
    const charge = await makeCharge('OWNSMITH', '101', 'SUPCLEAN', [['CLEAN', 12.34]]);
    const supplier = await balance('SUPCLEAN');
    const posted = await api.call('POST', '/api/cashbook/receipt', {
      body: receipt({}, { selector: 'CHARGE', ref: String(charge.id), entity: 'OWNSMITH', door: '101', description: 'Pay', amount: 12.34 }),
    });
    expect(posted.status).toBe(200);
    const ref = posted.body.data.ref as string;
    expect(await chargeRow(charge.id)).toMatchObject({ status: 'RELEASED' });

    const older = await expectUnchanged(async () => api.call('DELETE', `/api/cashbook/${await receiptId('1')}${WHY}`));
    expect(older.status).toBe(409);
    expect(older.body.message).toMatch(/Receipt 1 is not the newest receipt/);

    const res = await api.call('DELETE', `/api/cashbook/${posted.body.data.id}${WHY}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Receipt ${ref} deleted; its number stays void`);
    expect(await seq('RECEIPT')).toBe(Number(ref));
    expect(await db.selectFrom('receipt_void').select(['ref', 'reason', 'amount']).execute()).toEqual([{ ref, reason: 'Entered against the wrong payer', amount: '1234' }]);
    expect(await balance('SUPCLEAN')).toBe(supplier);
    expect(await chargeRow(charge.id)).toMatchObject({ status: 'PENDING', released_txn: null });
    expect(await db.selectFrom('txn').select('id').where('id', '=', String(posted.body.data.id)).execute()).toEqual([]);
    expect(await db.selectFrom('receipt_item').select('id').where('txn_id', '=', String(posted.body.data.id)).execute()).toEqual([]);
    const log = await api.db.control.selectFrom('system_log').selectAll().where('routine', '=', 'receipt').where('record_key', '=', ref).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ severity: 'CHANGE', method: 'DELETE', database: 'DEMOTRUST' });
    expect(log[0]!.before).toMatchObject({ ref, amount: 12.34, items: [{ selector: 'CHARGE', amount: 12.34 }] });
    await expectInvariants();

    // The number is never issued again (issue 8 item 11): the next receipt gets a new one, and
    // the numbers stay gapless counting the void ones, which the register shows as cancelled.
    const next = await api.call('POST', '/api/cashbook/receipt', { body: receipt() });
    expect(next.body.data.ref).toBe(String(Number(ref) + 1));
    const voids = (await db.selectFrom('receipt_void').select('ref').execute()).map((r) => Number(r.ref));
    const refs = (await db.selectFrom('txn').select('ref').where('kind', '=', 'RECEIPT').execute()).map((r) => Number(r.ref)).concat(voids).sort((a, b) => a - b);
    expect(refs).toEqual(Array.from({ length: refs.length }, (_, i) => i + 1));
    const range = await api.call('GET', `/api/cashbook/receiptrange?year=${period.year}&month=${period.month}`);
    expect(range.body.data.voided).toEqual([expect.objectContaining({ ref, reason: 'Entered against the wrong payer', amount: 12.34 })]);
    // The newest receipt again: without a reason it stays.
    const noReason = await expectUnchanged(() => api.call('DELETE', `/api/cashbook/${next.body.data.id}`));
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('A reason is required (min 10 chars)');
    // And the delete immutability unlock did not outlive its statements.
    await expect(db.deleteFrom('cashbook').where('txn_id', '=', String(next.body.data.id)).execute()).rejects.toThrow(/immutable/);
  });

  it('refuses banked, reconciled, reversed, booking-system and payment deletes, changing nothing', async () => {
    const newest = async () => {
      const r = await api.call('POST', '/api/cashbook/receipt', { body: receipt() });
      return r.body.data as { id: number; ref: string };
    };
    const cashId = async (id: number) => (await db.selectFrom('cashbook').select('id').where('txn_id', '=', String(id)).executeTakeFirstOrThrow()).id;

    const banked = await newest();
    await db.insertInto('deposit').values({ banking_ref: `DEP${banked.ref}`, date: D, method: 'EFT', amount: 50_000, user_id: 'TEST' }).execute();
    await db.insertInto('deposit_item').values({ cashbook_id: await cashId(banked.id), banking_ref: `DEP${banked.ref}` }).execute();
    let res = await expectUnchanged(() => api.call('DELETE', `/api/cashbook/${banked.id}${WHY}`));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/is banked \(deposit DEP\d+\) and cannot be deleted/);
    let list = await api.call('GET', '/api/cashbook/receipt/list?pageSize=500');
    expect(list.body.data.find((r: { id: number }) => r.id === banked.id)).toMatchObject({ banked: true, _candelete: false, _canreverse: true });

    const reconciled = await newest();
    const rec = await db.insertInto('reconciliation').values({ ref: `REC${reconciled.ref}`, date: D, starting_balance: 0, ending_balance: 0, user_id: 'TEST' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('reconcile_item').values({ cashbook_id: await cashId(reconciled.id), reconciliation_id: rec.id }).execute();
    res = await expectUnchanged(() => api.call('DELETE', `/api/cashbook/${reconciled.id}${WHY}`));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/is reconciled and cannot be deleted/);
    res = await expectUnchanged(() => api.call('POST', `/api/cashbook/reverse/${reconciled.id}?reason=Entered%20twice%20by%20mistake`));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/is reconciled and cannot be reversed/);
    list = await api.call('GET', '/api/cashbook/receipt/list?pageSize=500');
    expect(list.body.data.find((r: { id: number }) => r.id === reconciled.id)).toMatchObject({ reconciled: true, _candelete: false, _canreverse: false, _readonly: true });

    const reversed = await newest();
    expect((await api.call('POST', `/api/cashbook/reverse/${reversed.id}`, { body: { reason: 'Duplicate of an earlier receipt' } })).status).toBe(200);
    res = await expectUnchanged(() => api.call('DELETE', `/api/cashbook/${reversed.id}${WHY}`));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/was reversed \(reversal \d+\) and cannot be deleted/);

    const bkg = await db.transaction().execute((trx) => postTxn(trx, 'TEST', {
      kind: 'RECEIPT', date: D, memo: 'Booking deposit', source: 'BKG',
      postings: [{ entity: 'UNALLOC', door: null, accountId: 'DEPOSIT', amount: 25_000, description: 'Booking 123' }],
      cashbook: [{ date: D, method: 'EFT', amount: 25_000 }],
    }));
    res = await expectUnchanged(() => api.call('DELETE', `/api/cashbook/${bkg.id}${WHY}`));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/booking system/);
    res = await expectUnchanged(() => api.call('POST', `/api/cashbook/reverse/${bkg.id}?reason=Guest%20cancelled%20the%20booking`));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/came from the booking system and must be reversed there/);
    list = await api.call('GET', '/api/cashbook/receipt/list?pageSize=500');
    expect(list.body.data.find((r: { id: number }) => r.id === bkg.id)).toMatchObject({ source: 'BKG', _canreverse: false, _candelete: false });

    const [p] = await db.selectFrom('txn').select('id').where('kind', '=', 'PAYMENT').execute();
    res = await expectUnchanged(() => api.call('DELETE', `/api/cashbook/${p!.id}${WHY}`));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Only receipts can be deleted; payment \d+ must be reversed instead/);
    expect((await api.call('DELETE', `/api/cashbook/999999${WHY}`)).status).toBe(404);
  });

  it('refuses to delete the newest receipt when its money has been paid out', async () => {
    const r = await api.call('POST', '/api/cashbook/receipt', { body: receipt({ payer_type: 'OWNER', payer_entity: 'OWNJONES' }, { entity: 'OWNJONES', door: '201', amount: 40 }) });
    const bal = await balance('OWNJONES', '201');
    await db.transaction().execute((trx) => postTxn(trx, 'TEST', {
      kind: 'JOURNAL', date: D, memo: 'move', postings: [
        { entity: 'OWNJONES', door: '201', accountId: 'OWNFUNDS', amount: -bal, description: 'out' },
        { entity: 'SUPCLEAN', door: null, accountId: 'CLEAN', amount: bal, description: 'in' }], cashbook: [],
    }));
    const res = await expectUnchanged(() => api.call('DELETE', `/api/cashbook/${r.body.data.id}${WHY}`));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/its money has already been used.*OVERDRAWN ACCOUNTS NOTICE!.*reverse it instead/);
  });

  it('the receipts list shows a deleted number as a cancelled row with its reason, out of the total (issue 8 item 11)', async () => {
    const posted = await api.call('POST', '/api/cashbook/receipt', { body: receipt({ payer_type: 'OTHER', payer_entity: null, payer: 'Walk-in guest\n3 Ocean Pde', memo: 'Keys deposit' }, { amount: 77 }) });
    const ref = posted.body.data.ref as string;
    const listed = async (query = 'pageSize=500') => (await api.call('GET', `/api/cashbook/receipt/list?${query}`)).body;
    const before = await listed();
    expect((await api.call('DELETE', `/api/cashbook/${posted.body.data.id}?reason=Typed%20against%20the%20wrong%20guest`)).status).toBe(200);

    const after = await listed();
    expect(after.total).toBe(before.total);
    expect(after.totalAmount).toBeCloseTo(before.totalAmount - 77, 2);
    const cancelled = after.data.filter((r: { kind: string }) => r.kind === 'VOID');
    // The earlier test's deleted number is listed too: every void number of the period.
    expect(cancelled.map((r: { ref: string }) => r.ref)).toEqual(expect.arrayContaining([ref]));
    expect(cancelled.find((r: { ref: string }) => r.ref === ref)).toEqual(expect.objectContaining({
      id: -Number(ref), kind: 'VOID', date: D, ref, payer: 'Walk-in guest', memo: 'Keys deposit', amount: 0,
      cancelled_reason: 'Typed against the wrong guest', _readonly: true, _candelete: false, _canreverse: false, _editordisabled: true,
    }));
    // In date order among the receipts, found by its reason, and only in its own period.
    const dates = after.data.map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await listed('pageSize=500&search=wrong%20guest')).data.map((r: { ref: string }) => r.ref)).toEqual([ref]);
    expect((await listed(`pageSize=500&year=${period.year - 1}&month=${period.month}`)).data.filter((r: { kind: string }) => r.kind === 'VOID')).toEqual([]);
    expect((await listed(`pageSize=500&from=${D}&to=${D}`)).data.map((r: { ref: string }) => r.ref)).toContain(ref);
    // Paging counts the cancelled rows: every row once across pages.
    const pages = [];
    for (let page = 1; page <= Math.ceil(after.total / 7); page++) pages.push(...(await listed(`pageSize=7&page=${page}`)).data);
    expect(pages.map((r: { id: number }) => r.id)).toEqual(after.data.map((r: { id: number }) => r.id));
    // Payments list no void numbers.
    expect((await api.call('GET', '/api/cashbook/payment/list?pageSize=500')).body.data.every((r: { kind: string }) => r.kind !== 'VOID')).toBe(true);
    // And the month-end pack's Receipts Register has it as cancelled with the reason, at no amount.
    const register = (await monthEndReports(db, period.year, period.month, { filename: null, total: 0 })).find((r) => r.name === 'ReceiptsRegister')!;
    const csv = tableCsv(register.table);
    expect(csv).toContain(`${ref},CANCELLED,`);
    expect(csv).toContain('Cancelled: Typed against the wrong guest');
  });
});

describe('POST /api/cashbook/reverse/{id}', () => {
  it('needs a reason of 10+ characters (query or body), once, not of a reversal', async () => {
    const r = await api.call('POST', '/api/cashbook/receipt', { body: receipt({}, { amount: 10 }) });
    const id = r.body.data.id;
    let res = await expectUnchanged(() => api.call('POST', `/api/cashbook/reverse/${id}?reason=short`));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A reason is required (min 10 chars)');
    res = await expectUnchanged(() => api.call('POST', `/api/cashbook/reverse/${id}`));
    expect(res.status).toBe(400);
    res = await expectUnchanged(() => api.call('POST', `/api/cashbook/reverse/${id}`, { body: { reason: '         x' } }));
    expect(res.status).toBe(400);
    // Five characters in ten UTF-16 units: counted as the database counts them, a 400 and not its check constraint's 500.
    res = await expectUnchanged(() => api.call('POST', `/api/cashbook/reverse/${id}`, { body: { reason: '😀😀😀😀😀' } }));
    expect(res.status).toBe(400);
    res = await api.call('POST', `/api/cashbook/reverse/${id}`, { body: { reason: 'Receipted to the wrong unit' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ref: r.body.data.ref, reversal_ref: expect.any(String) });
    expect(res.body.message).toBe(`Receipt ${r.body.data.ref} reversed by reversal ${res.body.data.reversal_ref}`);
    const again = await expectUnchanged(() => api.call('POST', `/api/cashbook/reverse/${id}?reason=Receipted%20to%20the%20wrong%20unit`));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already reversed by reversal/);
    const rev = await db.selectFrom('txn').select('id').where('reversal_of', '=', String(id)).executeTakeFirstOrThrow();
    const ofReversal = await expectUnchanged(() => api.call('POST', `/api/cashbook/reverse/${rev.id}?reason=Undo%20the%20undo%20please`));
    expect(ofReversal.status).toBe(409);
    expect(ofReversal.body.message).toMatch(/is itself a reversal/);
    const read = await api.call('GET', `/api/cashbook/read/${rev.id}`);
    expect(read.body.data).toMatchObject({ kind: 'REVERSAL', amount: -10, receiptTotal: -10, reversal_of_ref: r.body.data.ref });
    expect((await api.call('POST', '/api/cashbook/reverse/999999?reason=Nothing%20to%20see%20here')).status).toBe(404);
  });

  it('checks the permission of the record kind', async () => {
    const token = await createStaff(api, 'RCPTCLERK', { p_entry_receipts: true });
    const [p] = await db.selectFrom('txn as t').select('t.id').where('t.kind', '=', 'PAYMENT')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('txn as r').select('r.id').whereRef('r.reversal_of', '=', 't.id')))).execute();
    const res = await expectUnchanged(() => api.call('POST', `/api/cashbook/reverse/${p!.id}?reason=Paid%20the%20wrong%20owner`, { token }));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/p_entry_payments/);
  });

  it('reverses a payment: money back on the ledger and the bank', async () => {
    const pay = await api.call('POST', '/api/cashbook/payment', { body: payment({ amount: 1 }) });
    const before = await balance('OWNSMITH', '101');
    const res = await api.call('POST', `/api/cashbook/reverse/${pay.body.data.id}?reason=Bank%20rejected%20the%20transfer`);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Payment \d+ reversed by reversal \d+$/);
    expect(await balance('OWNSMITH', '101')).toBe(before + 100);
    const list = await api.call('GET', '/api/cashbook/payment/list?pageSize=500');
    expect(list.body.data.find((r: { id: number }) => r.id === pay.body.data.id)).toMatchObject({ reversed: true, reversal_ref: res.body.data.reversal_ref, _canreverse: false });
    expect(list.body.data.find((r: { reversal_of_ref: string | null }) => r.reversal_of_ref === pay.body.data.ref)).toMatchObject({ amount: -1, kind: 'REVERSAL' });
    await expectInvariants();
  });

  it('a reversal of a receipt whose money was paid out leaves the ledger negative (allowed), visible and balanced', async () => {
    const r = await api.call('POST', '/api/cashbook/receipt', { body: receipt({ payer_entity: 'OWNJONES' }, { entity: 'OWNJONES', door: '201', amount: 300 }) });
    const held = await balance('OWNJONES', '201');
    const paid = await api.call('POST', '/api/cashbook/payment', { body: payment({ payer_entity: 'OWNJONES', door: '201', amount: held / 100 }) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await balance('OWNJONES', '201')).toBe(0);
    const res = await api.call('POST', `/api/cashbook/reverse/${r.body.data.id}?reason=Cheque%20dishonoured%20by%20the%20bank`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await balance('OWNJONES', '201')).toBe(-30_000);
    const rows = await db.selectFrom('ledger_balance').selectAll().where('entity', '=', 'OWNJONES').where('door', '=', '201').execute();
    expect(rows[0]!.balance).toBe('-30000');
    const reversal = await db.selectFrom('txn').selectAll().where('reversal_of', '=', String(r.body.data.id)).executeTakeFirstOrThrow();
    expect(reversal).toMatchObject({ kind: 'REVERSAL', reason: 'Cheque dishonoured by the bank', source_ref: r.body.data.ref });
    const cash = await db.selectFrom('cashbook').selectAll().where('txn_id', '=', reversal.id).execute();
    expect(cash).toMatchObject([{ amount: '-30000' }]);
    expect((await api.call('GET', '/api/entity/balance/OWNJONES?door=201')).body.data).toMatchObject({ ledger: -300 });
    // The owner cannot be paid further while negative.
    const more = await expectUnchanged(() => api.call('POST', '/api/cashbook/payment', { body: payment({ payer_entity: 'OWNJONES', door: '201', amount: 1 }) }));
    expect(more.status).toBe(409);
    await expectInvariants();
  });
});
