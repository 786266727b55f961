import type { Permissions } from '../contracts/permissions.js';
import type { TestApi } from '../testing/test-api.js';

/** Creates a staff user through POST /api/user as the demo administrator, then signs them in. */
export async function createStaff(api: TestApi, id: string, permissions: Permissions, extra: Record<string, unknown> = {}): Promise<string> {
  const password = `${id.toLowerCase()}-password`;
  const res = await api.call('POST', '/api/user', {
    body: { id, name: `Staff member ${id}`, password, usertype: 'USER', desktopRows: 25, mobileRows: 20, permissions, ...extra },
  });
  if (res.status !== 200) throw new Error(`creating ${id} failed: ${JSON.stringify(res.body)}`);
  return api.signIn(id, password);
}

/** Row count of a company table, to prove a refused request changed nothing. */
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
