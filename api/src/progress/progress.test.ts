import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { finishProgress, reportProgress, startProgress } from './progress.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /api/progress/{id}', () => {
  it('answers the percent of an operation of the same company, capped at 100', async () => {
    const p = startProgress('DEMOTRUST', 'Posting month end');
    reportProgress(p.id, 42.4, 'Releasing charges');
    expect((await api.call('GET', `/api/progress/${p.id}`)).body.data).toEqual({ id: p.id, percent: 42, message: 'Releasing charges', active: true });
    reportProgress(p.id, 180);
    expect((await api.call('GET', `/api/progress/${p.id}`)).body.data).toMatchObject({ percent: 100, active: false });
    finishProgress(p.id, 'Done');
    expect((await api.call('GET', `/api/progress/${p.id}`)).body.data.message).toBe('Done');
  });

  it("never shows another company's operation", async () => {
    const other = startProgress('OTHERCO01', 'Secret work');
    const res = await api.call('GET', `/api/progress/${other.id}`);
    expect(res.status).toBe(404);
  });
});
