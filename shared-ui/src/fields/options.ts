type LookupRow = Record<string, unknown>;

/** A select choice whose value is a code. */
export interface CodeOption {
  value: string;
  label: string;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * Select options from a lookup list: "CODE - Name", active rows only, except the one the record
 * already holds (an inactive code must still show in the record that uses it).
 */
export function lookupOptions(rows: readonly LookupRow[] | undefined, keyField: string, nameFields: readonly string[], keep?: unknown): CodeOption[] {
  return (rows ?? [])
    .filter((r) => !r.inactive || (keep !== undefined && keep !== null && text(r[keyField]) === text(keep)))
    .map((r) => {
      const key = text(r[keyField]);
      const name = nameFields.map((f) => text(r[f])).find((n) => n !== '') ?? '';
      return { value: key, label: name && name !== key ? `${key} - ${name}` : key };
    });
}

/** Options of a fixed code → label map, e.g. the account types. */
export function mapOptions(map: Readonly<Record<string, string>>): CodeOption[] {
  return Object.entries(map).map(([value, label]) => ({ value, label }));
}
