import { describe, expect, it } from 'vitest';
import type { MonthEndPreview } from 'api/contracts/monthend';
import { MONTH_END_STEPS_TEXT, approvalText, canApprove, canProceed, canStart, checklistTitle, previewRows, rolloverNotice } from './rules.js';

const summary = (pre: number, done: number, active = false, lock_user: string | null = null) => ({
  MTHEND_PRE: { total: pre, complete: done }, MTHEND_POST: { total: 4, complete: 0 }, active, lock_user, year: 2026, month: 11, resumable: false, steps_done: [],
});
const row = { funds: 10, hold: 1, release: 2, disburse: 7 };
const preview = (approval: Partial<MonthEndPreview['approval']> = {}): MonthEndPreview => ({
  BUSINESS: row, OWNER: row, SUPPLIER: row, totals: { ...row, pending: 3 },
  approval: { required: false, approved_by: null, approved_at: null, current: false, ...approval },
});

describe('month end rules', () => {
  it('titles checklist types as spec 3 says, ???? for an unknown code', () => {
    expect(checklistTitle('MTHEND_PRE')).toBe('Month End Preliminary Checks');
    expect(checklistTitle('MTHEND_POST')).toBe('Post Rollover Checks');
    expect(checklistTitle('OTHER')).toBe('????');
  });

  it('allows Start only when every preliminary check is ticked and month end is not active', () => {
    expect(canStart(undefined)).toBe(false);
    expect(canStart(summary(5, 4))).toBe(false);
    expect(canStart(summary(5, 5))).toBe(true);
    expect(canStart(summary(5, 5, true))).toBe(false);
  });

  it('lists seven steps in the confirmation', () => {
    expect(MONTH_END_STEPS_TEXT).toHaveLength(7);
  });

  it('lets only the lock holder Proceed, and only with a current approval when one is needed', () => {
    const active = summary(5, 5, true, 'ADMIN');
    expect(canProceed(active, preview(), 'admin')).toBe(true);
    expect(canProceed(active, preview(), 'CLERK')).toBe(false);
    expect(canProceed(active, preview({ required: true }), 'ADMIN')).toBe(false);
    expect(canProceed(active, preview({ required: true, current: true, approved_by: 'BOSS' }), 'ADMIN')).toBe(true);
    expect(canProceed(summary(5, 5), preview(), 'ADMIN')).toBe(false);
  });

  it('offers Approve to a second user holding p_approve_disbursement while the approval is not current', () => {
    const active = summary(5, 5, true, 'ADMIN');
    const boss = { id: 'BOSS', permissions: { p_approve_disbursement: true } };
    expect(canApprove(active, preview({ required: true }), boss)).toBe(true);
    expect(canApprove(active, preview({ required: true }), { id: 'admin', permissions: { p_is_admin: true } })).toBe(false);
    expect(canApprove(active, preview({ required: true }), { id: 'CLERK', permissions: { p_month_end: true } })).toBe(false);
    expect(canApprove(active, preview({ required: true, current: true }), boss)).toBe(false);
    expect(canApprove(active, preview(), boss)).toBe(false);
  });

  it('says who approved, or that approval is needed (again)', () => {
    expect(approvalText(preview().approval)).toBeNull();
    expect(approvalText(preview({ required: true }).approval)).toMatch(/need approval/);
    expect(approvalText(preview({ required: true, approved_by: 'BOSS' }).approval)).toMatch(/changed since BOSS approved/);
    expect(approvalText(preview({ required: true, approved_by: 'BOSS', approved_at: '2026-11-30T23:05:00.000Z', current: true }).approval))
      .toBe('Disbursement approved by BOSS at 2026-11-30 23:05 UTC.');
    expect(previewRows(preview()).map((r) => r.label)).toEqual(['Business', 'Owners', 'Suppliers', 'Totals']);
  });

  it("says 'Rollover for {month} is Complete!' for 60 seconds with the server's message, its opening sentence not twice", () => {
    expect(rolloverNotice({ year: 2026, month: 11, message: 'Rollover for November 2026 is Complete! Disbursed $1.00 (bank file A.aba). The system is open again.' }))
      .toEqual({ title: 'Rollover for November 2026 is Complete!', body: 'Disbursed $1.00 (bank file A.aba). The system is open again.', intent: 'success', timeout: 60_000 });
    expect(rolloverNotice({ year: 2027, month: 1, message: 'Done.' })).toMatchObject({ title: 'Rollover for January 2027 is Complete!', body: 'Done.' });
  });
});
