import { describe, expect, it } from 'vitest';
import {
  addMonths, endOfMonth, formatArchiveStamp, formatDate, formatHeaderDate, formatLogStamp, parseTypedDate, toDate, toIsoDate,
} from './dates.js';
import { statusInfo } from './status.js';

describe('date formats', () => {
  const d = new Date(2022, 0, 5, 14, 7);
  it('formats lists, headers, archive and log stamps', () => {
    expect(formatDate(d)).toBe('05/01/2022');
    expect(formatHeaderDate(d)).toBe('05 Jan 2022');
    expect(formatArchiveStamp(d)).toBe('05/01/2022 @14:07pm');
    expect(formatArchiveStamp(new Date(2022, 0, 5, 9, 30))).toBe('05/01/2022 @09:30am');
    expect(formatLogStamp(d)).toBe('05 Jan:14:07');
    expect(formatDate(null)).toBe('');
    expect(formatDate('garbage')).toBe('');
  });
  it('reads YYYY-MM-DD as a local date', () => {
    const local = toDate('2022-03-01');
    expect(local?.getDate()).toBe(1);
    expect(local?.getMonth()).toBe(2);
    expect(toIsoDate('2022-03-01')).toBe('2022-03-01');
    expect(toIsoDate(new Date(2021, 11, 31, 23, 59))).toBe('2021-12-31');
    expect(toDate('2022-02-30')).toBeNull();
  });
});

describe('typed dates', () => {
  it('accepts real days in the usual Australian shapes', () => {
    expect(toIsoDate(parseTypedDate('5/1/2022'))).toBe('2022-01-05');
    expect(toIsoDate(parseTypedDate('05-01-22'))).toBe('2022-01-05');
    expect(toIsoDate(parseTypedDate('29.02.2024'))).toBe('2024-02-29');
    expect(toIsoDate(parseTypedDate('31122021'))).toBe('2021-12-31');
    expect(toIsoDate(parseTypedDate('2022-01-05'))).toBe('2022-01-05');
  });
  it('rejects days that do not exist and other text', () => {
    for (const bad of ['29/02/2023', '31/04/2022', '0/1/2022', '1/13/2022', 'tomorrow', '', '1/1', '12/12/123']) {
      expect(parseTypedDate(bad)).toBeNull();
    }
  });
  it('steps months across years', () => {
    expect(addMonths(2022, 1, -1)).toEqual({ year: 2021, month: 12 });
    expect(addMonths(2022, 11, 14)).toEqual({ year: 2024, month: 1 });
    expect(endOfMonth(2024, 2).getDate()).toBe(29);
  });
});

describe('status letters', () => {
  it('names every letter of spec 1 §3.5', () => {
    expect(statusInfo('Z').label).toBe('Cancelled');
    expect(statusInfo('c').label).toBe('Complete');
    expect(statusInfo('X').label).toBe('Current Closed');
    expect(statusInfo('Y').label).toBe('Prior Closed');
    expect(statusInfo('I').label).toBe('In-House');
    expect(statusInfo('F').label).toBe('Unallocated or Future');
    expect(statusInfo('P').label).toBe('Pending');
    expect(statusInfo('T').label).toBe('Owner Accounting');
    expect(statusInfo(null).label).toBe('Pending or Waiting');
    expect(statusInfo('Q').label).toBe('Unknown');
  });
});
