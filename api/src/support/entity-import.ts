import { parse as parseCsv } from 'csv-parse/sync';
import { type EntityInput, entityContract } from '../contracts/entity.js';
import { ENTITY_IMPORT_FIELDS, IMPORT_MAX_ROWS, type ImportRowError } from '../contracts/support.js';
import { zodFieldErrors } from '../http/errors.js';

type Field = (typeof ENTITY_IMPORT_FIELDS)[number];
export type ImportRecord = Partial<Record<Field, string>> & { line: number };

export class ImportFileError extends Error {}

/**
 * The CSV's records (spec 3 §5 'Import'): a header row naming entity import fields (any case; the
 * others are ignored), one record per non-empty line. Each keeps its line in the file for the
 * error list.
 */
export function parseImportCsv(text: string): ImportRecord[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With info: each record's line in the file, blank lines counted, for the error list.
    rows = parseCsv(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as typeof rows;
  } catch (e) {
    throw new ImportFileError(`The file is not a CSV file: ${e instanceof Error ? e.message : String(e)}`);
  }
  const [first, ...body] = rows;
  if (!first) return [];
  const head = first.record;
  const byLower = new Map(ENTITY_IMPORT_FIELDS.map((f) => [f.toLowerCase(), f]));
  const columns = head.map((h) => byLower.get(h.trim().toLowerCase().replace(/\s+/g, '_')) ?? null);
  if (!columns.some((c) => c === 'Name' || c === 'Surname')) throw new ImportFileError(`The header row names no Name or Surname column; the columns are ${ENTITY_IMPORT_FIELDS.join(', ')}`);
  if (body.length > IMPORT_MAX_ROWS) throw new ImportFileError(`The file has ${body.length} records; import at most ${IMPORT_MAX_ROWS} at a time`);
  return body.map(({ record: cells, info }) => {
    const record: ImportRecord = { line: info.lines };
    columns.forEach((c, j) => {
      if (c && cells[j] !== undefined && cells[j] !== '') record[c] = cells[j];
    });
    return record;
  }).filter((r) => Object.keys(r).length > 1);
}

const LETTERS = (s: string | undefined) => (s ?? '').toUpperCase().replace(/[^A-Z]/g, '');

/**
 * A missing code (spec 3 §5): the first 4 letters of the surname (or of the name when there is no
 * surname; padded with X when shorter) and the next free 3-digit sequence for that prefix, unique
 * against the company's codes and the file's.
 */
export function generateCode(record: ImportRecord, taken: Set<string>): string | null {
  const prefix = (LETTERS(record.Surname) || LETTERS(record.Name)).slice(0, 4).padEnd(4, 'X');
  if (prefix === 'XXXX') return null;
  for (let n = 1; n <= 999; n++) {
    const code = `${prefix}${String(n).padStart(3, '0')}`;
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
  return null;
}

const DISBURSE: Record<string, EntityInput['disburse_method']> = { EFT: 'EFT', CHEQUE: 'CHEQUE', CHQ: 'CHEQUE', HOLD: 'HOLD', 'HOLD FUNDS': 'HOLD' };

/**
 * One record as the entity editor would send it: the name is Name, else Title FirstName Surname;
 * the three address columns are one address; type is the record's or the import's. Door and
 * Salutation have no place in a party's record (units are linked to owners on the Units screen).
 */
export function recordToEntity(record: ImportRecord, code: string | null, type: string, category: string | undefined): Record<string, unknown> {
  const name = record.Name ?? [record.Title, record.FirstName, record.Surname].filter(Boolean).join(' ');
  const method = record.Disburse_Method?.toUpperCase();
  return {
    code,
    type: record.Type?.toUpperCase() ?? type,
    category: record.Category ?? category,
    name,
    email: record.Email ?? null,
    address: [record.Address, record.Address1, record.Address2].filter(Boolean).join(', ') || null,
    town: record.Town ?? null,
    state: record.State ?? null,
    postcode: record.Postcode ?? null,
    phone1: record.Phone1 ?? null,
    phone2: record.Phone2 ?? null,
    abn: record.ABN ?? null,
    bank: record.Bank ?? null,
    bank_account_name: record.Bank_Account_Name ?? null,
    bank_bsb: record.Bank_BSB ?? null,
    bank_account_number: record.Bank_Account_Number ?? null,
    disburse_method: method === undefined ? undefined : (DISBURSE[method] ?? method),
    notes: record.Notes ?? null,
  };
}

export interface ImportBooks {
  /** Codes the company already has. */
  codes: Set<string>;
  /** Category code → its type. */
  categories: Map<string, string>;
  banks: Set<string>;
  /** The default category of each type: its first by code. */
  defaultCategory: Map<string, string>;
}

export interface ImportPlan {
  entities: EntityInput[];
  errors: ImportRowError[];
}

/**
 * Every record checked as the entity editor's would be (the entity contract), plus what only the
 * company can say (the code is new, the category is of the type, the bank exists) and what only
 * the file can (a code twice). The import writes only when no record has an error.
 */
export function planImport(records: ImportRecord[], entityType: string, books: ImportBooks): ImportPlan {
  const taken = new Set(books.codes);
  const inFile = new Set<string>();
  const entities: EntityInput[] = [];
  const errors: ImportRowError[] = [];
  // Codes the file gives are claimed first, so a generated one never takes a code a later row names.
  for (const r of records) if (r.Code) taken.add(r.Code.trim().toUpperCase());
  for (const record of records) {
    const type = record.Type?.toUpperCase() ?? entityType;
    const code = record.Code ? record.Code.trim().toUpperCase() : generateCode(record, taken);
    const rowErrors: { path: string; msg: string }[] = [];
    if (!code) rowErrors.push({ path: 'code', msg: 'No code, and no surname or name to make one from' });
    const parsed = entityContract.safeParse(recordToEntity(record, code, type, books.defaultCategory.get(type)));
    if (!parsed.success) rowErrors.push(...zodFieldErrors(parsed.error));
    else {
      const e = parsed.data;
      if (e.type !== entityType) rowErrors.push({ path: 'type', msg: `Type is ${e.type}; this import is of ${entityType}` });
      if (books.codes.has(e.code)) rowErrors.push({ path: 'code', msg: `Code ${e.code} already exists` });
      if (inFile.has(e.code)) rowErrors.push({ path: 'code', msg: `Code ${e.code} is in the file twice` });
      if (books.categories.get(e.category) !== e.type) rowErrors.push({ path: 'category', msg: `Category ${e.category} is not a ${e.type} category` });
      if (e.bank && !books.banks.has(e.bank)) rowErrors.push({ path: 'bank', msg: `Bank ${e.bank} does not exist` });
      inFile.add(e.code);
      if (!rowErrors.length) entities.push(e);
    }
    if (rowErrors.length) errors.push({ line: record.line, code, errors: rowErrors });
  }
  return { entities, errors };
}
