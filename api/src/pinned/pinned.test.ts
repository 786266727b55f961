import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { createStaff, expectRefused } from '../users/test-support.js';

let api: TestApi;
let clerk: string;
beforeAll(async () => {
  api = await startTestApi();
  clerk = await createStaff(api, 'CLERK3', { p_dashboard: true });
});
afterAll(() => api.close());

describe('pinned dashboard cards', () => {
  it('upserts a card per user and card name, and lists your own', async () => {
    const first = await api.call('PUT', '/api/pinned/update', { token: clerk, body: { user_id: 'clerk3', card_name: 'banking', pinned: true } });
    expect(first.body.data).toMatchObject({ user_id: 'CLERK3', card_name: 'banking', pinned: true });
    const again = await api.call('PUT', '/api/pinned/update', { token: clerk, body: { id: first.body.data.id, user_id: 'CLERK3', card_name: 'banking', pinned: false } });
    expect(again.body.data).toEqual({ ...first.body.data, pinned: false });
    expect((await api.call('GET', '/api/pinned/CLERK3', { token: clerk })).body.data).toEqual([again.body.data]);
  });

  it("refuses another user's cards unless you are an administrator", async () => {
    await expectRefused(api, 'pinned_card', 'PUT', '/api/pinned/update', { user_id: 'ADMIN', card_name: 'banking', pinned: true }, { status: 403 }, clerk);
    expect((await api.call('GET', '/api/pinned/ADMIN', { token: clerk })).status).toBe(403);
    expect((await api.call('GET', '/api/pinned/CLERK3')).body.data).toHaveLength(1);
    await expectRefused(api, 'pinned_card', 'PUT', '/api/pinned/update', { user_id: 'CLERK3', card_name: '', pinned: 'yes' }, { status: 400 }, clerk);
  });
});
