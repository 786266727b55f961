import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, api, buildQuery, onApiFailure } from './api.js';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('the API client normalises failures (spec 1 §8)', () => {
  it('takes the message from msg, then message', async () => {
    vi.stubGlobal('fetch', answer(400, { msg: 'from msg', message: 'from message' }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ error: true, status: 400, message: 'from msg' });
    vi.stubGlobal('fetch', answer(409, { error: true, status: 409, message: 'Category X already exists', errors: [{ path: 'code', msg: 'Code already exists' }] }));
    const failure = (await api.post('/api/category', {}).catch((e: unknown) => e)) as ApiFailure;
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure.message).toBe('Category X already exists');
    expect(failure.errors).toEqual([{ path: 'code', msg: 'Code already exists' }]);
  });

  it('names the route for a 404 without a message, and says Unknown Error otherwise', async () => {
    vi.stubGlobal('fetch', answer(404, ''));
    await expect(api.delete('/api/nowhere')).rejects.toMatchObject({ status: 404, message: 'Invalid API Route DELETE:/api/nowhere' });
    vi.stubGlobal('fetch', answer(500, {}));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 500, message: 'Unknown Error' });
  });

  it('counts a 200 carrying an error flag as a failure, with status 418 when none is given', async () => {
    vi.stubGlobal('fetch', answer(200, { error: true, message: 'soft failure' }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 418, message: 'soft failure' });
  });

  it('turns a network failure into status 502 and tells the listeners, unless quiet', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const seen: number[] = [];
    const stop = onApiFailure((f) => seen.push(f.status));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 502, message: 'Failed to fetch' });
    await expect(api.get('/api/x', { quiet: true })).rejects.toMatchObject({ status: 502 });
    stop();
    expect(seen).toEqual([502]);
  });

  it('leaves empty filter values out of the query string', () => {
    expect(buildQuery({ from: '2026-01-01', to: '', search: undefined, inactive: false, page: 0 })).toBe('?from=2026-01-01&inactive=false&page=0');
    expect(buildQuery({})).toBe('');
  });
});
