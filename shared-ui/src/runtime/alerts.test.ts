import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  alertTitle, parseTrappedError, responseDetail, setAlertSink, showAlert, showTrappedError, trappedErrorFrom, trappedErrorRows, warnAlertFrom,
  type AlertRequest,
} from './alerts.js';
import { ApiFailure, api, onApiFailure } from './api.js';
import { databaseErrorFields } from './database-error-panel.js';

afterEach(() => vi.unstubAllGlobals());

describe('alert dialogs (spec 1 §8)', () => {
  it('titles an error flag Critical Warning and a warn flag Notice, unless a title is given', () => {
    expect(alertTitle({ kind: 'error', message: 'm' })).toBe('Critical Warning');
    expect(alertTitle({ kind: 'warn', message: 'm' })).toBe('Notice');
    expect(alertTitle({ kind: 'warn', title: 'Own', message: 'm' })).toBe('Own');
  });

  it('holds alerts until the shell host registers, then delivers them in order', () => {
    showAlert({ kind: 'error', message: 'early', detail: 'why' });
    const seen: AlertRequest[] = [];
    const off = setAlertSink((r) => seen.push(r));
    showTrappedError({ status: 500, message: 'trapped' });
    off();
    showAlert({ kind: 'warn', message: 'after unregister' });
    expect(seen).toEqual([
      { type: 'alert', kind: 'error', title: 'Critical Warning', message: 'early', detail: 'why' },
      { type: 'trapped', status: 500, message: 'trapped' },
    ]);
    setAlertSink(() => undefined)();
  });

  it('reads a Notice from a warn flag only, with msg, message and detail or errors', () => {
    expect(warnAlertFrom({ data: [] })).toBeNull();
    expect(warnAlertFrom({ warn: true, error: true, message: 'x' })).toBeNull();
    expect(warnAlertFrom({ warn: true, msg: 'from msg', message: 'from message', detail: 'd' })).toEqual({ kind: 'warn', message: 'from msg', detail: 'd' });
    expect(warnAlertFrom({ warn: true, message: 'm', errors: [{ path: 'code', msg: 'Required' }, { msg: 'Other' }] })).toEqual({
      kind: 'warn', message: 'm', detail: 'code: Required\nOther',
    });
    expect(responseDetail({ detail: { a: 1 } })).toBe('{"a":1}');
    expect(responseDetail({})).toBeUndefined();
  });
});

describe('the API client and the flags', () => {
  const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it('marks a 200 with the error flag as flagged, and a real failure as not', async () => {
    const seen: ApiFailure[] = [];
    const stop = onApiFailure((f) => seen.push(f));
    vi.stubGlobal('fetch', answer(200, { error: true, message: 'Period is closed', detail: 'March' }));
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiFailure);
    vi.stubGlobal('fetch', answer(500, { error: true, message: 'boom' }));
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiFailure);
    stop();
    expect(seen.map((f) => [f.status, f.flagged])).toEqual([[418, true], [500, false]]);
  });

  it('raises a Notice for a successful answer with the warn flag, unless quiet, and still returns it', async () => {
    const seen: AlertRequest[] = [];
    const off = setAlertSink((r) => seen.push(r));
    vi.stubGlobal('fetch', answer(200, { data: [1], warn: true, message: 'Some rows skipped' }));
    await expect(api.get('/api/x')).resolves.toMatchObject({ data: [1] });
    await api.get('/api/x', { quiet: true });
    off();
    expect(seen).toEqual([{ type: 'alert', kind: 'warn', title: 'Notice', message: 'Some rows skipped', detail: undefined }]);
  });
});

describe('the trapped error', () => {
  it('keeps sql, detail and parameters when the server gave them', () => {
    expect(trappedErrorFrom(500, 'relation missing', { sql: 'select 1', detail: 'd', parameters: [1, 'a'], other: 1 })).toEqual({
      status: 500, message: 'relation missing', sql: 'select 1', detail: 'd', parameters: [1, 'a'],
    });
    expect(trappedErrorFrom(502, 'Failed to fetch')).toEqual({ status: 502, message: 'Failed to fetch' });
  });

  it('reads the stored value back, whatever it holds', () => {
    expect(parseTrappedError(null)).toBeNull();
    expect(parseTrappedError('{"status":500,"message":"m","sql":"s"}')).toEqual({ status: 500, message: 'm', sql: 's' });
    expect(parseTrappedError('{"status":500}')).toEqual({ status: 500, message: '' });
    expect(parseTrappedError('not json')).toEqual({ message: 'not json' });
  });

  it('lists message, sql, detail and parameters, leaving out the missing ones', () => {
    expect(trappedErrorRows({ status: 500, message: 'm', sql: 's', parameters: [1, 'x'] })).toEqual([
      { label: 'Message', value: '[500] m' },
      { label: 'SQL', value: 's' },
      { label: 'Parameters', value: '[1,"x"]' },
    ]);
    expect(trappedErrorRows({ message: 'only' })).toEqual([{ label: 'Message', value: 'only' }]);
  });
});

describe('the Database Error! panel', () => {
  it("shows '?' for a missing path or message", () => {
    expect(databaseErrorFields()).toEqual({ path: '?', message: '?' });
    expect(databaseErrorFields(' ', null)).toEqual({ path: '?', message: '?' });
    expect(databaseErrorFields('/api/owner', 'Timeout')).toEqual({ path: '/api/owner', message: 'Timeout' });
  });
});
