import { describe, expect, it } from 'vitest';
import {
  automaticHoldNote, deleteRefusal, entityTabs, hasChargeReleaseOverride, heldCents, holdsBody, inactiveControl, kindLabel, monthRange, newEntityValues,
  statementDetails, statementTotals, tabsWithErrors,
} from './rules.js';

describe('entity editor tabs', () => {
  it('offers Agent Details only to a supplier that is an agent, and Notes to every party but BUSINESS', () => {
    expect(entityTabs('OWNER', true)).toEqual(['details', 'disbursement', 'statement', 'notes']);
    expect(entityTabs('SUPPLIER', false)).toEqual(['details', 'disbursement', 'statement', 'notes']);
    expect(entityTabs('SUPPLIER', true)).toEqual(['details', 'agent', 'disbursement', 'statement', 'notes']);
    expect(entityTabs('BUSINESS', false)).toEqual(['details', 'disbursement', 'statement']);
    expect(entityTabs('OWNER', false, true)).toEqual(['details', 'disbursement', 'statement', 'notes', 'emails']);
  });

  it('offers the charge release override to owners and pools only', () => {
    expect(['OWNER', 'POOL', 'SUPPLIER', 'TENANT', 'BUSINESS'].map(hasChargeReleaseOverride)).toEqual([true, true, false, false, false]);
  });

  it('names the tabs that hold errors, in tab order', () => {
    const tabs = entityTabs('SUPPLIER', true);
    expect(tabsWithErrors({ bank_bsb: {}, name: {}, commission: {} }, tabs)).toEqual(['Details', 'Agent Details', 'Disbursement']);
    expect(tabsWithErrors({ commission: {} }, entityTabs('SUPPLIER', false))).toEqual([]);
    expect(tabsWithErrors({}, tabs)).toEqual([]);
  });
});

describe('inactive and delete (server flags)', () => {
  it('offers Inactive only on saved, non-permanent parties, off with the server reason when not allowed', () => {
    expect(inactiveControl(null)).toEqual({ show: false, enabled: false, reason: null });
    expect(inactiveControl({ code: 'BUSINESS', _allow_inactive: true })).toMatchObject({ show: false });
    expect(inactiveControl({ code: 'OWNA', _allow_inactive: true })).toEqual({ show: true, enabled: true, reason: null });
    const reason = 'Cannot set inactive while there are ledger balances or charges';
    expect(inactiveControl({ code: 'OWNA', _allow_inactive: false, _inactive_reason: reason })).toEqual({ show: true, enabled: false, reason });
    // Clearing the flag is always allowed.
    expect(inactiveControl({ code: 'OWNA', inactive: true, _allow_inactive: false })).toMatchObject({ enabled: true });
  });

  it('gives the server reason why delete is not offered, except for permanent parties', () => {
    expect(deleteRefusal({ code: 'OWNA', _candelete: false, _delete_reason: 'it has charges' })).toBe('it has charges');
    expect(deleteRefusal({ code: 'OWNA', _candelete: true })).toBeNull();
    expect(deleteRefusal({ code: 'BUSINESS', _candelete: false, _delete_reason: 'BUSINESS is a permanent party' })).toBeNull();
    expect(deleteRefusal(null)).toBeNull();
  });
});

describe('holds', () => {
  it('sends only the four hold fields, empty amounts as 0 and blank reasons as null', () => {
    expect(holdsBody({ name: 'x', hold_this_month: 12.5, hold_this_month_reason: '  Repairs ', hold_always: '', hold_always_reason: ' ' })).toEqual({
      hold_this_month: 12.5, hold_this_month_reason: 'Repairs', hold_always: 0, hold_always_reason: null,
    });
  });

  it('totals the holds in cents and notes the automatic hold for methods other than EFT', () => {
    expect(heldCents({ hold_this_month: 0.1, hold_always: 0.2 })).toBe(30);
    expect(automaticHoldNote('EFT')).toBeNull();
    expect(automaticHoldNote('CHEQUE')).toMatch(/held automatically/);
  });

  it('a new party starts EFT with no holds and its type', () => {
    expect(newEntityValues('SUPPLIER')).toMatchObject({ type: 'SUPPLIER', disburse_method: 'EFT', hold_this_month: 0, hold_always: 0, inactive: false });
  });
});

describe('statement', () => {
  it('defaults to the accounting month', () => {
    const r = monthRange({ year: 2026, month: 2 });
    expect([r.from.getDate(), r.from.getMonth(), r.to.getDate(), r.to.getMonth()]).toEqual([1, 1, 28, 1]);
  });

  it('adds money in and out in cents and checks opening + lines = closing', () => {
    const rows = [{ amount: 0.1 }, { amount: 0.2 }, { amount: -0.05 }];
    expect(statementTotals({ opening: 1, closing: 1.25, rows })).toEqual({ received: 30, paid: 5, balanced: true });
    expect(statementTotals({ opening: 1, closing: 1.26, rows }).balanced).toBe(false);
  });

  it('names the kinds and joins description and memo without repeating', () => {
    expect(kindLabel('RELEASE')).toBe('Charge');
    expect(kindLabel('ODD')).toBe('ODD');
    expect(statementDetails({ description: 'Clean', memo: 'Clean' })).toBe('Clean');
    expect(statementDetails({ description: 'Clean', memo: 'Invoice 12\nmore' })).toBe('Clean (Invoice 12)');
    expect(statementDetails({ description: '', memo: 'Receipt' })).toBe('Receipt');
  });
});
