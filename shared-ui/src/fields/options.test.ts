import { describe, expect, it } from 'vitest';
import { lookupOptions, mapOptions } from './options.js';

describe('select options', () => {
  it('lists active lookup rows as CODE - Name, keeping the inactive one the record holds', () => {
    const rows = [{ code: 'A', name: 'Alpha' }, { code: 'B', name: 'Beta', inactive: true }, { code: 'C', name: '' }];
    expect(lookupOptions(rows, 'code', ['name'])).toEqual([{ value: 'A', label: 'A - Alpha' }, { value: 'C', label: 'C' }]);
    expect(lookupOptions(rows, 'code', ['name'], 'B').map((o) => o.value)).toEqual(['A', 'B', 'C']);
  });

  it('turns a code map into options', () => {
    expect(mapOptions({ EFT: 'EFT', HOLD: 'Hold Funds' })).toEqual([{ value: 'EFT', label: 'EFT' }, { value: 'HOLD', label: 'Hold Funds' }]);
  });
});
