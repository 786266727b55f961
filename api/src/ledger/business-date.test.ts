import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { DEFAULT_TIME_ZONE, businessDate, companyTimeZone, dateInZone, isTimeZone } from './business-date.js';

// 00:30 on 26 November in Sydney (AEDT, +11) is still 25 November in UTC and in most server zones.
const NEAR_MIDNIGHT = new Date('2026-11-25T13:30:00Z');

describe('dateInZone', () => {
  it('is the calendar day in the zone, not the UTC or the server day', () => {
    expect(dateInZone('Australia/Sydney', NEAR_MIDNIGHT)).toBe('2026-11-26');
    expect(dateInZone('UTC', NEAR_MIDNIGHT)).toBe('2026-11-25');
    expect(dateInZone('America/Los_Angeles', NEAR_MIDNIGHT)).toBe('2026-11-25');
    expect(dateInZone('Australia/Perth', new Date('2026-11-25T16:30:00Z'))).toBe('2026-11-26');
  });
  it('knows IANA names only', () => {
    expect(isTimeZone('Australia/Brisbane')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('one business date (issue 8 item 12)', () => {
  let api: TestApi;
  let db: Kysely<CompanyTables>;
  const savedTz = process.env.TZ;

  beforeAll(async () => {
    // The server's own zone must not matter: run as a UTC server, with the clock near Sydney midnight.
    process.env.TZ = 'UTC';
    vi.useFakeTimers({ now: NEAR_MIDNIGHT, toFake: ['Date'] });
    api = await startTestApi();
    db = api.db.company('co_demotrust');
    await addTestParties(db);
  });
  afterAll(async () => {
    vi.useRealTimers();
    process.env.TZ = savedTz;
    await api.close();
  });

  it('defaults to Australia/Sydney and answers the business date as the control today', async () => {
    expect(await companyTimeZone(db)).toBe(DEFAULT_TIME_ZONE);
    expect(await businessDate(db)).toBe('2026-11-26');
    const control = await api.call('GET', '/api/control');
    expect(control.body.data).toMatchObject({ time_zone: 'Australia/Sydney', today: '2026-11-26' });
  });

  it('dates a reversal on the same business day as the receipt it reverses', async () => {
    const today = await businessDate(db);
    const res = await api.call('POST', '/api/cashbook/receipt', {
      body: {
        date: today, payer_type: 'OWNER', payer_entity: 'OWNSMITH', method: 'EFT', memo: 'Late-night receipt', tran_ref: 'EFT-9',
        items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNSMITH', door: '101', description: 'Funds', amount: 50 }],
      },
    });
    expect(res.status).toBe(200);
    const rev = await api.call('POST', `/api/cashbook/reverse/${res.body.data.id}`, { body: { reason: 'Entered against the wrong owner' } });
    expect(rev.status).toBe(200);
    const dates = await db.selectFrom('txn').select(['kind', 'date']).orderBy('id').execute();
    expect(dates).toEqual([{ kind: 'RECEIPT', date: '2026-11-26' }, { kind: 'REVERSAL', date: '2026-11-26' }]);
  });

  it('follows the time_zone control setting and refuses a name that is not a zone', async () => {
    expect((await api.call('PUT', '/api/control/time_zone', { body: { value: 'Mars/Olympus' } })).status).toBe(400);
    expect((await api.call('PUT', '/api/control/time_zone', { body: { value: 'America/Los_Angeles' } })).status).toBe(200);
    expect(await businessDate(db)).toBe('2026-11-25');
    await api.call('PUT', '/api/control/time_zone', { body: { value: 'Australia/Sydney' } });
  });
});
