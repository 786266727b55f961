import { startupKeys, queryClient, type Lookups } from 'shared-ui';

export interface Option {
  value: string;
  label: string;
}

type LookupRow = Record<string, unknown>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * Select options from a lookup list: "CODE  Name", active rows only, except the one the record
 * already holds (an inactive code must still show in the record that uses it).
 */
export function lookupOptions(rows: readonly LookupRow[] | undefined, keyField: string, nameFields: readonly string[], keep?: unknown): Option[] {
  return (rows ?? [])
    .filter((r) => !r.inactive || (keep !== undefined && keep !== null && text(r[keyField]) === text(keep)))
    .map((r) => {
      const key = text(r[keyField]);
      const name = nameFields.map((f) => text(r[f])).find((n) => n !== '') ?? '';
      return { value: key, label: name && name !== key ? `${key} - ${name}` : key };
    });
}

/** Options of a fixed code → label map, e.g. the account types. */
export function mapOptions(map: Readonly<Record<string, string>>): Option[] {
  return Object.entries(map).map(([value, label]) => ({ value, label }));
}

/** The name of a code in a lookup list, or the code itself when the list does not have it. */
export function lookupName(rows: readonly LookupRow[] | undefined, keyField: string, key: unknown, nameFields: readonly string[] = ['name', 'description']): string {
  if (key === null || key === undefined || key === '') return '';
  const row = rows?.find((r) => text(r[keyField]) === text(key));
  return row ? (nameFields.map((f) => text(row[f])).find((n) => n !== '') ?? text(key)) : text(key);
}

/** After a save or delete that changes a lookup list, every app on the page reads the lookups again. */
export function refreshLookups(): void {
  void queryClient.invalidateQueries({ queryKey: startupKeys.lookups });
}

export type { Lookups };
