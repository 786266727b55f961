import { startupKeys, queryClient, type Lookups } from 'shared-ui';

// Options from lookup lists live in shared-ui (the parties' editor in Accounts uses them too).
export { lookupOptions, mapOptions, type CodeOption as Option } from 'shared-ui';

type LookupRow = Record<string, unknown>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

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
