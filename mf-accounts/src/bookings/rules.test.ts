import { describe, expect, it } from 'vitest';
import { canEarlyDistribute, canExpand, isDistributed, netColour, netCents, resyncNotice, showsSync, statusDisplay } from './rules.js';

const row = { status: 'C', future: false, early_disburse: false, receipts: 662, room_charges: 567, other_charges: 95, check_out: '2026-11-05', balance: 0, funds: 0, pending: 0 };

describe('Bookings rules (spec 2 §4)', () => {
  it('nets receipts less charges in cents and colours it', () => {
    expect(netCents({ receipts: 0.3, room_charges: 0.1, other_charges: 0.2 })).toBe(0);
    expect([netColour(-1), netColour(0), netColour(5)]).toEqual(['red', 'green', 'blue']);
  });
  it('derives the status display', () => {
    expect(statusDisplay(row, '2026-11-25')).toBe('Completed and allocated');
    expect(statusDisplay({ ...row, receipts: 600 }, '2026-11-25')).toBe('Not balanced');
    expect(statusDisplay({ ...row, future: true }, '2026-11-25')).toBe('Completed for next period');
    expect(statusDisplay({ ...row, status: 'I', early_disburse: true }, '2026-11-25')).toBe('Distributed');
    expect(statusDisplay({ ...row, status: 'I', receipts: 0 }, '2026-11-25')).toBe('Not paid');
    expect(statusDisplay({ ...row, status: '' }, '2026-11-25')).toBe('Check-in overdue');
    expect(statusDisplay({ ...row, status: '', check_out: '2026-11-28' }, '2026-11-25')).toBe('Check-in pending');
  });
  it('offers Early Dist only for balanced in-house or future checked-out bookings', () => {
    expect(canEarlyDistribute({ ...row, status: 'I' })).toBe(true);
    expect(canEarlyDistribute({ ...row, status: 'I', receipts: 1 })).toBe(false);
    expect(canEarlyDistribute(row)).toBe(false);
    expect(canEarlyDistribute({ ...row, future: true })).toBe(true);
  });
  it('hides Sync at Z and beyond, expands unless all zero, and words the re-sync toast', () => {
    expect([showsSync('C'), showsSync('Z'), showsSync('Zx')]).toEqual([true, false, false]);
    expect(canExpand(row)).toBe(false);
    expect(canExpand({ ...row, funds: 1 })).toBe(true);
    expect(resyncNotice({ error: false, warn: false, message: null })).toMatchObject({ title: 'Booking has been re-Synced with the booking system', timeout: 2000 });
    expect(resyncNotice({ error: true, warn: true, message: 'x' }).intent).toBe('warning');
    expect(resyncNotice({ error: true, warn: false, message: 'x' }).title).toBe('There was an error re-Syncing Booking - Please check log');
  });

  it('offers Edit Allocation once the funds are allocated', () => {
    expect(isDistributed(row)).toBe(true);
    expect(isDistributed({ ...row, funds: 662 })).toBe(false);
    expect(isDistributed({ ...row, future: true })).toBe(false);
    expect(isDistributed({ ...row, status: 'I', early_disburse: true })).toBe(true);
    expect(isDistributed({ ...row, receipts: 0, room_charges: 0, other_charges: 0 })).toBe(false);
  });
});
