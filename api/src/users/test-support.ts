import type { Permissions } from '../contracts/permissions.js';
import type { TestApi } from '../testing/test-api.js';

/** Support's token: users are added and changed only with the super flag (spec 3 §6). */
export const supportToken = (api: TestApi) => api.signIn(api.config.supportUser, api.config.supportPassword);

/** Creates a staff user through POST /api/user as support, then signs them in. */
export async function createStaff(api: TestApi, id: string, permissions: Permissions, extra: Record<string, unknown> = {}): Promise<string> {
  const password = `${id.toLowerCase()}-password`;
  const res = await api.call('POST', '/api/user', {
    token: await supportToken(api),
    body: { id, name: `Staff member ${id}`, password, usertype: 'USER', desktopRows: 25, mobileRows: 20, permissions, ...extra },
  });
  if (res.status !== 200) throw new Error(`creating ${id} failed: ${JSON.stringify(res.body)}`);
  return api.signIn(id, password);
}

/** Every row of a company table, to prove a refused request changed nothing. */
export async function tableRows(api: TestApi, table: string): Promise<string> {
  const rows = await (api.db.company('co_demotrust') as never as import('kysely').Kysely<any>).selectFrom(table).selectAll().execute();
  return JSON.stringify(rows.map((r) => JSON.stringify(r)).sort());
}

/** Row count of a company table. */
export async function countRows(api: TestApi, table: string): Promise<number> {
  const row = await (api.db.company('co_demotrust') as never as import('kysely').Kysely<any>)
    .selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Change-log rows for one routine and record key, oldest first. */
export const changeLog = (api: TestApi, routine: string, key?: string) => {
  let q = api.db.control.selectFrom('system_log').selectAll().where('routine', '=', routine);
  if (key !== undefined) q = q.where('record_key', '=', key);
  return q.orderBy('id').execute();
};

export interface Refusal {
  status?: number;
  /** A field error the answer must carry. */
  error?: { path: string; msg: string };
  message?: string | RegExp;
}

/** Sends a request that must be refused in the error shape, leaving `table` exactly as it was. */
export async function expectRefused(api: TestApi, table: string, method: string, path: string, body: unknown, refusal: Refusal = {}, token?: string) {
  const before = await tableRows(api, table);
  const res = await api.call(method, path, { body, ...(token !== undefined && { token }) });
  const status = refusal.status ?? 400;
  if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}, expected ${status}: ${JSON.stringify(res.body)}`);
  if (res.body?.error !== true || res.body.status !== status || typeof res.body.message !== 'string') throw new Error(`not the error shape: ${JSON.stringify(res.body)}`);
  if (refusal.error && !res.body.errors?.some((e: { path: string; msg: string }) => e.path === refusal.error!.path && e.msg === refusal.error!.msg)) {
    throw new Error(`expected field error ${JSON.stringify(refusal.error)} in ${JSON.stringify(res.body.errors)}`);
  }
  if (refusal.message !== undefined && !(typeof refusal.message === 'string' ? res.body.message === refusal.message : refusal.message.test(res.body.message))) {
    throw new Error(`message ${JSON.stringify(res.body.message)} does not match ${String(refusal.message)}`);
  }
  if ((await tableRows(api, table)) !== before) throw new Error(`${method} ${path} was refused but changed ${table}`);
  return res;
}
