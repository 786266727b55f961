import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors, fieldErrorMessage, mapServerErrors, normaliseErrorPath } from './errors.js';
import { displayNumeric, parseNumeric } from './NumericInput.js';
import { imageSizeError, newRecordValues, toFormValues, toWireValues } from './values.js';
import { acceptTypedDate, isWithinBounds } from '../pickers/dateRules.js';
import { toIsoDate } from 'shared-ui/core';

describe('field error text', () => {
  it('shows the message, the required default, or ?????', () => {
    expect(fieldErrorMessage(undefined)).toBeUndefined();
    expect(fieldErrorMessage({ type: 'required', message: '' })).toBe('Input is Required');
    expect(fieldErrorMessage({ type: 'custom', message: undefined })).toBe('?????');
    expect(fieldErrorMessage({ type: 'too_small', message: 'Code is required' })).toBe('Code is required');
  });
});

describe('server errors onto fields', () => {
  it('normalises paths and keeps the first message per field', () => {
    expect(normaliseErrorPath('items[2].amount')).toBe('items.2.amount');
    expect(normaliseErrorPath(['items', 0, 'amount'])).toBe('items.0.amount');
    expect(
      mapServerErrors([
        { path: 'code', msg: 'Code already exists' },
        { path: 'code', msg: 'second' },
        { path: '', msg: 'Whole record is wrong' },
        { path: 'name', msg: '' },
      ]),
    ).toEqual({ fields: { code: 'Code already exists', name: '?????' }, general: ['Whole record is wrong'] });
  });
  it('sets errors on the form, focusing the first, and returns the general ones', () => {
    const setError = vi.fn();
    const general = applyServerErrors(setError, [{ path: 'items[0].amount', msg: 'Too many decimals' }, { path: 'id', msg: 'Bad' }, { msg: 'Locked' }]);
    expect(general).toEqual(['Locked']);
    expect(setError).toHaveBeenNthCalledWith(1, 'items.0.amount', { type: 'server', message: 'Too many decimals' }, { shouldFocus: true });
    expect(setError).toHaveBeenNthCalledWith(2, 'id', { type: 'server', message: 'Bad' }, { shouldFocus: false });
  });
});

describe('editor field defaults (spec 1 §3.1)', () => {
  const kinds = { date: 'date', count: 'number', kind: 'select', active: 'checkbox', name: 'text' } as const;
  it('gives each kind its empty value', () => {
    expect(newRecordValues(kinds)).toEqual({ date: null, count: '', kind: '', active: false, name: '' });
    expect(newRecordValues(kinds, { kind: 'OWNER' }).kind).toBe('OWNER');
  });
  it('turns read values into dates and numbers, and back for the wire', () => {
    const form = toFormValues({ date: '2022-01-05', count: '12.50', kind: null, active: 1, name: 'x' }, kinds);
    expect(form.date).toBeInstanceOf(Date);
    expect(form.count).toBe(12.5);
    expect(form.kind).toBe('');
    expect(form.active).toBe(true);
    expect(toWireValues(form, kinds)).toEqual({ date: '2022-01-05', count: 12.5, kind: '', active: true, name: 'x' });
    expect(toWireValues({ date: null, count: '' }, kinds)).toEqual({ date: null, count: null });
  });
  it('refuses images over the size limit', () => {
    expect(imageSizeError(150 * 1024, 150)).toBeNull();
    expect(imageSizeError(150 * 1024 + 1, 150)).toBe('Image is larger than 150 kb');
    expect(imageSizeError(10_000_000, undefined)).toBeNull();
  });
});

describe('numeric entry', () => {
  it('rounds to the allowed decimals and clamps to bounds', () => {
    expect(parseNumeric('12.345', 2)).toBe(12.35);
    expect(parseNumeric('1,234.5', 2)).toBe(1234.5);
    expect(parseNumeric('', 2)).toBe('');
    expect(parseNumeric('abc', 2)).toBeNull();
    expect(parseNumeric('11', 2, 0, 10)).toBe(10);
    expect(parseNumeric('-1', 2, 0, 10)).toBe(0);
    expect(parseNumeric('7.6', 0)).toBe(8);
  });
  it('displays with fixed decimals, grouped for money', () => {
    expect(displayNumeric(1234567.5, 2, true)).toBe('1,234,567.50');
    expect(displayNumeric(-1234.5, 2, false)).toBe('-1234.50');
    expect(displayNumeric('', 2, true)).toBe('');
    expect(displayNumeric(5, 0, true)).toBe('5');
  });
});

describe('typed date acceptance', () => {
  const previous = new Date(2022, 0, 1);
  const min = new Date(2022, 0, 1);
  const max = new Date(2022, 11, 31);
  it('accepts a valid day in range, reverts otherwise, and clears on empty', () => {
    expect(toIsoDate(acceptTypedDate('15/06/2022', previous, min, max))).toBe('2022-06-15');
    expect(acceptTypedDate('31/02/2022', previous, min, max)).toBe(previous);
    expect(acceptTypedDate('15/06/2023', previous, min, max)).toBe(previous);
    expect(acceptTypedDate('nonsense', previous)).toBe(previous);
    expect(acceptTypedDate('  ', previous)).toBeNull();
  });
  it('treats bounds as inclusive days whatever the time', () => {
    expect(isWithinBounds(new Date(2022, 11, 31, 23, 59), min, max)).toBe(true);
    expect(isWithinBounds(new Date(2021, 11, 31, 23, 59), min, max)).toBe(false);
  });
});
