// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiFailure } from 'shared-ui/core';
import {
  canDelete, toggleKeys, deleteFailureMessage, effectiveSearch, isMobileWidth, isReadOnly, keyPath, opensEditor, pageCount, pageOf,
  pageSizeFor, saveMode, savePlan, sortRows, visibleRows,
} from './rules.js';
import { applyPeriod, isCurrentMonth, loadPeriod, periodQuery, savePeriod } from './period.js';

describe('search length rule', () => {
  it('applies at 3 characters and clears below', () => {
    expect(effectiveSearch('ab')).toBe('');
    expect(effectiveSearch(' ab ')).toBe('');
    expect(effectiveSearch('abc')).toBe('abc');
    expect(effectiveSearch('  smith ')).toBe('smith');
  });
});

describe('page size and pagination', () => {
  it('uses desktopRows or mobileRows below 992 px, with defaults 25/20 and a minimum of 10', () => {
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
    expect(pageSizeFor(undefined, 1280)).toBe(25);
    expect(pageSizeFor(undefined, 500)).toBe(20);
    expect(pageSizeFor({ desktopRows: 40, mobileRows: 15 }, 1280)).toBe(40);
    expect(pageSizeFor({ desktopRows: 40, mobileRows: 15 }, 800)).toBe(15);
    expect(pageSizeFor({ desktopRows: 5 }, 1280)).toBe(10);
    expect(pageSizeFor({ desktopRows: 0 }, 1280)).toBe(25);
  });
  it('slices pages and clamps a page past the end', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageOf(rows, 1, 10).rows).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(pageOf(rows, 9, 10)).toEqual({ rows: [20, 21, 22], page: 2 });
  });
});

describe('rows', () => {
  it('hides inactive rows unless the toggle is on', () => {
    const rows = [{ id: 1, inactive: false }, { id: 2, inactive: true }, { id: 3 }];
    expect(visibleRows(rows, false).map((r) => r.id)).toEqual([1, 3]);
    expect(visibleRows(rows, true).map((r) => r.id)).toEqual([1, 2, 3]);
  });
  it('sorts numbers numerically, text naturally, empties last, stably', () => {
    const rows = [{ v: 10 }, { v: 9 }, { v: null }, { v: 100 }];
    expect(sortRows(rows, 'v', 'ascending').map((r) => r.v)).toEqual([9, 10, 100, null]);
    expect(sortRows(rows, 'v', 'descending').map((r) => r.v)).toEqual([100, 10, 9, null]);
    expect(sortRows([{ v: 'U10' }, { v: 'u2' }], 'v', 'ascending').map((r) => r.v)).toEqual(['u2', 'U10']);
  });
  it('opens the editor unless _editordisabled', () => {
    expect(opensEditor({})).toBe(true);
    expect(opensEditor({ _editordisabled: true })).toBe(false);
  });
});

describe('record traits', () => {
  it('creates without _pk and updates with it, on the original key', () => {
    const paths = { createPath: '/api/account', updatePath: '/api/account' };
    expect(saveMode({})).toBe('create');
    expect(saveMode({ _pk: '' })).toBe('create');
    expect(saveMode({ _pk: 0 })).toBe('update');
    expect(savePlan({ id: 'NEW' }, paths, 'id')).toEqual({ method: 'POST', path: '/api/account' });
    expect(savePlan({ _pk: 'RENT', id: 'RENT' }, paths, 'id')).toEqual({ method: 'PUT', path: '/api/account/RENT' });
    expect(savePlan({ _pk: 'A/B' }, paths, 'code')).toEqual({ method: 'PUT', path: '/api/account/A%2FB' });
    expect(keyPath('/api/x/', 7)).toBe('/api/x/7');
  });
  it('is read-only by record or prop; delete needs a saved record not marked _candelete false', () => {
    expect(isReadOnly({ _readonly: true }, false)).toBe(true);
    expect(isReadOnly({}, true)).toBe(true);
    expect(isReadOnly(null, undefined)).toBe(false);
    expect(canDelete({ _pk: 1 })).toBe(true);
    expect(canDelete({ _pk: 1, _candelete: false })).toBe(false);
    expect(canDelete({})).toBe(false);
  });
  it('words delete failures as spec 1 §8 does', () => {
    expect(deleteFailureMessage(new ApiFailure(409, 'Account RENT cannot be deleted'), { code: 'RENT' }, 'RENT')).toBe('Account RENT cannot be deleted');
    expect(deleteFailureMessage(new ApiFailure(500, '', { name: 'SequelizeError', original: { detail: 'Key is still referenced' } }), {}, 1)).toBe('Key is still referenced');
    expect(deleteFailureMessage(new ApiFailure(500, 'x', { name: 'SequelizeError' }), {}, 1)).toBe('??? Unknown Error');
    expect(deleteFailureMessage(new ApiFailure(418, ''), { code: 'OWN1', id: 3 }, 9)).toBe('OWN1');
    expect(deleteFailureMessage(new ApiFailure(418, ''), { id: 3 }, 9)).toBe('3');
    expect(deleteFailureMessage(new ApiFailure(418, ''), null, 9)).toBe('9');
    expect(deleteFailureMessage(null, null, null)).toBe('??? Unknown Error');
  });
});

describe('period filter', () => {
  const current = { month: 6, year: 2022 };
  afterEach(() => sessionStorage.clear());
  it('records whether the choice is the current month', () => {
    expect(isCurrentMonth({ period: 'current', month: 1, year: 2000 }, current)).toBe(true);
    expect(isCurrentMonth({ period: 'future', month: 6, year: 2022 }, current)).toBe(false);
    expect(applyPeriod({ period: 'period', month: 6, year: 2022 }, current).isCurrentMonth).toBe(true);
    expect(applyPeriod({ period: 'period', month: 5, year: 2022 }, current).isCurrentMonth).toBe(false);
  });
  it('sends month and year only for a Period', () => {
    expect(periodQuery({ period: 'current', month: 6, year: 2022 })).toEqual({ period: 'current' });
    expect(periodQuery({ period: 'period', month: 3, year: 2021 })).toEqual({ period: 'period', month: 3, year: 2021 });
  });
  it('remembers year, month and period per list between visits', () => {
    expect(loadPeriod('charges', current)).toEqual({ period: 'current', month: 6, year: 2022 });
    savePeriod('charges', { period: 'period', month: 2, year: 2021 });
    expect(loadPeriod('charges', current)).toEqual({ period: 'period', month: 2, year: 2021 });
    expect(loadPeriod('journals', current).period).toBe('current');
    sessionStorage.setItem('oa.periodFilter.bad', '{not json');
    expect(loadPeriod('bad', current)).toEqual({ period: 'current', month: 6, year: 2022 });
  });
});

describe('toggleKeys', () => {
  it('adds the ticked rows, removes the unticked, and leaves the set it was given alone', () => {
    const before = new Set(['A', 'B']);
    expect([...toggleKeys(before, ['C', 'D'], true)]).toEqual(['A', 'B', 'C', 'D']);
    expect([...toggleKeys(before, ['B', 'Z'], false)]).toEqual(['A']);
    expect([...before]).toEqual(['A', 'B']);
  });
});
