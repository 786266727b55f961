import { describe, expect, it } from 'vitest';
import { ImportFileError, generateCode, parseImportCsv, planImport } from './entity-import.js';

const books = () => ({
  codes: new Set(['SMIT001']),
  categories: new Map([['HOLIDAY', 'OWNER'], ['TRADES', 'SUPPLIER']]),
  banks: new Set(['CBA']),
  defaultCategory: new Map([['OWNER', 'HOLIDAY'], ['SUPPLIER', 'TRADES']]),
});

describe('entity import (spec 3 §5 Import)', () => {
  it('reads the import fields in any case, keeps each record\'s line, skips blank lines and unknown columns', () => {
    const records = parseImportCsv('\uFEFFcode,SURNAME,firstname,Favourite Colour,bank_bsb\n,Smith,Jo,Blue,062000\n\nKELLY01,Kelly,,Red,');
    expect(records).toEqual([{ line: 2, Surname: 'Smith', FirstName: 'Jo', Bank_BSB: '062000' }, { line: 4, Code: 'KELLY01', Surname: 'Kelly' }]);
    expect(() => parseImportCsv('Foo,Bar\n1,2')).toThrow(ImportFileError);
  });

  it('makes a missing code from the first 4 letters of the surname and the next free 3-digit number', () => {
    const taken = new Set(['SMIT001', 'SMIT002']);
    expect(generateCode({ line: 2, Surname: "O'Smithers" }, taken)).toBe('OSMI001');
    expect(generateCode({ line: 3, Surname: 'Smith' }, taken)).toBe('SMIT003');
    expect(generateCode({ line: 4, Surname: 'Li' }, taken)).toBe('LIXX001');
    expect(generateCode({ line: 5, Name: 'Acme Plumbing' }, taken)).toBe('ACME001');
    expect(generateCode({ line: 6 }, taken)).toBeNull();
  });

  it('checks every record and lists each one at fault; a code the file names is never generated for another', () => {
    const plan = planImport([
      { line: 2, Surname: 'Smith', Title: 'Mr', FirstName: 'Jo' },
      { line: 3, Code: 'SMIT002', Surname: 'Smithson' },
      { line: 4, Surname: 'Smith', Email: 'nope', Bank: 'XYZ' },
      { line: 5, Code: 'SMIT001', Surname: 'Smith' },
      { line: 6, Surname: 'Plumber', Type: 'SUPPLIER' },
    ], 'OWNER', books());
    expect(plan.entities.map((e) => [e.code, e.name, e.category])).toEqual([['SMIT003', 'Mr Jo Smith', 'HOLIDAY'], ['SMIT002', 'Smithson', 'HOLIDAY']]);
    expect(plan.errors).toEqual([
      { line: 4, code: 'SMIT004', errors: [{ path: 'email', msg: 'Invalid email address format' }] },
      { line: 5, code: 'SMIT001', errors: [{ path: 'code', msg: 'Code SMIT001 already exists' }] },
      { line: 6, code: 'PLUM001', errors: [{ path: 'type', msg: 'Type is SUPPLIER; this import is of OWNER' }] },
    ]);
  });
});
