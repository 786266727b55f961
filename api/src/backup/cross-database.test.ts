import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaNameFor } from '../db/open.js';
import { postingsCsv, trialBalance } from '../exports/ledger-export.js';
import { reportBooks } from '../testing/report-books.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';

/**
 * Issue 15: a .pgb backup taken on PGlite restores on PostgreSQL and the other way round, with the
 * same books (trial balance, postings, number sequences). Needs a PostgreSQL server: DATABASE_URL
 * (the API suite on PostgreSQL) or CROSS_DATABASE_URL; skipped without one.
 */
const serverUrl = process.env.DATABASE_URL || process.env.CROSS_DATABASE_URL;
const date = '2025-10-31';

/** A test API on PGlite (no URL) or on a fresh database of the server. */
async function apiOn(url: string | undefined): Promise<TestApi> {
  const saved = { url: process.env.DATABASE_URL, dump: process.env.OA_TEST_PGLITE_DUMP, template: process.env.OA_TEST_PG_TEMPLATE };
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  // The run's prepared books are for its own engine: the other engine prepares its own.
  if (saved.url && !url) delete process.env.OA_TEST_PG_TEMPLATE;
  try {
    return await startTestApi();
  } finally {
    for (const [key, value] of [['DATABASE_URL', saved.url], ['OA_TEST_PGLITE_DUMP', saved.dump], ['OA_TEST_PG_TEMPLATE', saved.template]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

describe.skipIf(!serverUrl)('a backup restores across engines', () => {
  let pglite: TestApi;
  let postgres: TestApi;
  beforeAll(async () => {
    [pglite, postgres] = [await apiOn(undefined), await apiOn(serverUrl)];
    expect([pglite.db.kind, postgres.db.kind]).toEqual(['pglite', 'postgresql']);
    await reportBooks(pglite, 'FROMLITE1');
    await reportBooks(postgres, 'FROMPG001');
  }, 300_000);
  afterAll(async () => {
    await pglite?.close();
    await postgres?.close();
  });

  async function backup(api: TestApi, code: string): Promise<Uint8Array> {
    const token = await api.signIn(api.config.supportUser, api.config.supportPassword);
    const res = await api.app.request('/api/util/backup', { headers: { Authorization: `Bearer ${token}`, 'X-Database': code } });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }
  async function restore(api: TestApi, file: Uint8Array, code: string) {
    const token = await api.signIn(api.config.supportUser, api.config.supportPassword);
    const res = await api.app.request(`/api/support/restore?code=${code}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(file) });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  async function books(api: TestApi, code: string) {
    const db = api.db.company(schemaNameFor(code));
    return {
      trialBalance: await trialBalance(db, date),
      postings: await new Response(await postingsCsv(db, '2025-05-01', date)).text(),
      sequences: await db.selectFrom('number_sequence').select(['kind', 'last_value']).orderBy('kind').execute(),
      entities: await db.selectFrom('entity').select(['code', 'name']).orderBy('code').execute(),
    };
  }

  it.each([
    ['PGlite', 'PostgreSQL', 'FROMLITE1', 'LITETOPG1'],
    ['PostgreSQL', 'PGlite', 'FROMPG001', 'PGTOLITE1'],
  ] as const)('taken on %s, restored on %s: the same books', async (fromEngine, _to, source, target) => {
    const [from, to] = fromEngine === 'PGlite' ? [pglite, postgres] : [postgres, pglite];
    await restore(to, await backup(from, source), target);
    const original = await books(from, source);
    expect(original.postings.split('\n').length).toBeGreaterThan(50);
    expect(await books(to, target)).toEqual(original);
  });
});
