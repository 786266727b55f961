import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchived } from '../archive/archive.js';
import type { CompanyTables } from '../db/schema.js';
import { monthEndCompany } from '../testing/monthend.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { addMember } from '../users/membership.js';
import { createStaff } from '../users/test-support.js';
import { approvalMatches, assertApproved, payeesOf } from './approval.js';
import type { RowCents } from '../disbursement/rows.js';

type Db = Kysely<CompanyTables>;
let api: TestApi;
let db: Db;
let approver = '';
let clerk = '';
const CODE = 'MEND0002';
const call = (method: string, path: string, body?: unknown, token?: string) => api.call(method, path, { database: CODE, body, ...(token ? { token } : {}) });
const moneyMoved = async () => (await db.selectFrom('txn').select('id').where('kind', 'in', ['RELEASE', 'DISBURSE']).execute()).length;

beforeAll(async () => {
  api = await startTestApi();
  db = await monthEndCompany(api.db, CODE, api.config.adminUser);
  const approverPermissions = { p_transaction: true, p_mgt: true, p_month_end: true, p_approve_disbursement: true };
  approver = await createStaff(api, 'APPROVER', approverPermissions);
  await addMember(api.db.control, 'APPROVER', CODE, approverPermissions);
  const clerkPermissions = { p_transaction: true, p_mgt: true, p_month_end: true };
  clerk = await createStaff(api, 'CLERKAP', clerkPermissions);
  await addMember(api.db.control, 'CLERKAP', CODE, clerkPermissions);
}, 60_000);
afterAll(() => api.close());

describe('the approval rules', () => {
  const row = (code: string, disburse: number, allowed = true) => ({ code, disburse, allowed }) as RowCents;
  it('pays exactly what was approved: more, less, or a payee not approved is refused', () => {
    const approved = payeesOf([row('A', 100), row('B', 50), row('C', 70, false), row('D', 0)]);
    expect(approved).toEqual({ A: 100, B: 50 });
    expect(approvalMatches(approved, { B: 50, A: 100 })).toBe(true);
    expect(approvalMatches(approved, { A: 100 })).toBe(false);
    expect(approvalMatches(approved, { A: 100, B: 50, E: 1 })).toBe(false);
    const result = { approval: { by: 'X', at: '2026-11-01T00:00:00Z', payees: approved, total: 150 } };
    expect(() => assertApproved(result, [row('A', 101), row('B', 50)])).toThrow(/differs from what was approved/);
    expect(() => assertApproved({}, [row('A', 100)])).toThrow(/needs approval/);
    expect(assertApproved(result, [row('A', 100), row('B', 50)]).by).toBe('X');
  });
});

describe('approval before money moves', () => {
  it('previews funds, holds, release and what the disbursement pays after release; off by default', async () => {
    const res = await call('GET', '/api/monthend/preview');
    expect(res.status).toBe(200);
    // OWNSMITH's 125.00 cleaning charge is released to SUPCLEAN before the disbursement pays it.
    expect(res.body.data).toMatchObject({
      OWNER: { funds: 1_800, hold: 0, release: 125, disburse: 1_675 },
      // SUPPLUMB is paid by cheque: held automatically (spec 2 §4 'Holds'), its 150.00 stays.
      SUPPLIER: { funds: 350, hold: 150, release: 0, disburse: 325 },
      totals: { funds: 2_150, pending: 125, disburse: 2_000 },
      approval: { required: false, approved_by: null },
    });
    expect((await call('POST', '/api/monthend/approve', {}, approver)).status).toBe(409);
  });

  it('with the setting on, Proceed waits for a second user holding p_approve_disbursement', async () => {
    expect((await call('PUT', '/api/control/disbursement_approval', { value: true })).status).toBe(200);
    expect((await call('POST', '/api/monthend/approve', {}, approver)).body.message).toMatch(/not active/);
    await call('PUT', '/api/checklist/complete', { type: 'MTHEND_PRE' });
    expect((await call('POST', '/api/monthend/start')).status).toBe(200);

    const early = await call('POST', '/api/monthend?wait=true');
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/needs approval by a second user/);
    expect(await moneyMoved()).toBe(0);

    const self = await call('POST', '/api/monthend/approve', {});
    expect(self.status).toBe(403);
    expect(self.body.message).toMatch(/second user/);
    expect((await call('POST', '/api/monthend/approve', {}, clerk)).status).toBe(403);
    // The approver's other writes still meet the lock.
    expect((await call('PUT', '/api/control/navbar_color', { value: '#112233' }, approver)).status).toBe(423);

    const approved = await call('POST', '/api/monthend/approve', {}, approver);
    expect(approved.status).toBe(200);
    expect(approved.body.data.approval).toMatchObject({ required: true, approved_by: 'APPROVER', current: true });
    const log = await api.db.control.selectFrom('system_log').select(['identity', 'message']).where('apicall', '=', '/monthend/approve').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ identity: 'APPROVER', message: expect.stringMatching(/approved by APPROVER: 3 payees, \$2,000\.00/) });
    // Approval alone leaves nothing to resume.
    expect((await call('GET', '/api/checklist?monthend')).body.summary).toMatchObject({ active: true, resumable: false });
  });

  it('a change after the approval (a hold) needs approval again before anything runs', async () => {
    await db.updateTable('entity').set({ hold_this_month: '5000', hold_this_month_reason: 'Repairs' }).where('code', '=', 'OWNJONES').execute();
    expect((await call('GET', '/api/monthend/preview')).body.data.approval).toMatchObject({ approved_by: 'APPROVER', current: false });
    const refused = await call('POST', '/api/monthend?wait=true');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/changed since it was approved/);
    expect(await moneyMoved()).toBe(0);
    expect((await call('POST', '/api/monthend/approve', {}, approver)).body.data.approval.current).toBe(true);
  });

  it('pays exactly the approved amounts and names the approver on the disbursement register', async () => {
    const res = await call('POST', '/api/monthend?wait=true');
    expect(res.status).toBe(200);
    expect(res.body.data.disbursed).toBe(1_950);
    const pack = await readArchived(db, res.body.data.reports.archive_id);
    const files = unzipSync(pack!.content);
    const dir = mkdtempSync(join(tmpdir(), 'monthend-approval-'));
    writeFileSync(join(dir, 'register.pdf'), files['Reports/DisbursementRegister.pdf']!);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'register.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Approved by\s+APPROVER at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    // Month end is over: nothing left to approve.
    expect((await call('POST', '/api/monthend/approve', {}, approver)).status).toBe(409);
  });
});
