import { ApiFailure } from 'shared-ui/core';

/** Search applies from this many characters; shorter text clears it (spec 1 §4.3, §9). */
export const SEARCH_MIN_LENGTH = 3;
export const MOBILE_MAX_WIDTH = 992;
export const DEFAULT_DESKTOP_ROWS = 25;
export const DEFAULT_MOBILE_ROWS = 20;
export const MIN_PAGE_SIZE = 10;
export const EMPTY_LIST_TEXT = 'No data to display ....';

/** The search sent to the server: the trimmed text once it has 3 characters, otherwise none. */
export function effectiveSearch(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : '';
}

/** Mobile is xs, sm and md: narrower than 992 px. */
export function isMobileWidth(width: number): boolean {
  return width < MOBILE_MAX_WIDTH;
}

/** Rows per page from the user's preferences: desktopRows or mobileRows, defaults 25/20, never under 10. */
export function pageSizeFor(prefs: { desktopRows?: number | null; mobileRows?: number | null } | null | undefined, width: number): number {
  const mobile = isMobileWidth(width);
  const chosen = mobile ? prefs?.mobileRows : prefs?.desktopRows;
  const size = typeof chosen === 'number' && Number.isFinite(chosen) && chosen > 0 ? Math.floor(chosen) : mobile ? DEFAULT_MOBILE_ROWS : DEFAULT_DESKTOP_ROWS;
  return Math.max(MIN_PAGE_SIZE, size);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of one page (0-based); a page past the end shows the last page. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): { rows: T[]; page: number } {
  const last = pageCount(rows.length, pageSize) - 1;
  const current = Math.min(Math.max(0, page), last);
  return { rows: rows.slice(current * pageSize, (current + 1) * pageSize), page: current };
}

/** Inactive rows are hidden unless the inactive toggle is on. */
export function visibleRows<T extends { inactive?: unknown }>(rows: readonly T[], showInactive: boolean): T[] {
  return showInactive ? [...rows] : rows.filter((r) => !r.inactive);
}

export type SortDirection = 'ascending' | 'descending';

/** Stable sort by a field: numbers numerically, everything else as text; empty values last. */
export function sortRows<T>(rows: readonly T[], field: string, direction: SortDirection): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const value = (r: T) => (r as Record<string, unknown>)[field];
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = value(a.row);
      const y = value(b.row);
      const xEmpty = x === null || x === undefined || x === '';
      const yEmpty = y === null || y === undefined || y === '';
      if (xEmpty || yEmpty) return xEmpty === yEmpty ? a.index - b.index : xEmpty ? 1 : -1;
      const numeric = typeof x === 'number' && typeof y === 'number';
      const order = numeric ? x - y : String(x).localeCompare(String(y), undefined, { numeric: true, sensitivity: 'base' });
      return order === 0 ? a.index - b.index : order * sign;
    })
    .map((e) => e.row);
}

export interface RecordTraits {
  _pk?: unknown;
  _readonly?: boolean;
  _candelete?: boolean;
  _editordisabled?: boolean;
  inactive?: unknown;
}

/** Save creates when the record has no _pk, otherwise updates (spec 1 §3.1). */
export function saveMode(record: RecordTraits | null | undefined): 'create' | 'update' {
  return record && record._pk !== undefined && record._pk !== null && record._pk !== '' ? 'update' : 'create';
}

/** `${path}/${key}` with the key URL-encoded. */
export function keyPath(path: string, key: string | number): string {
  return `${path.replace(/\/$/, '')}/${encodeURIComponent(String(key))}`;
}

/** Where a save goes: POST createPath for a new record, PUT updatePath/key for an existing one. */
export function savePlan(
  record: RecordTraits & Record<string, unknown>,
  paths: { createPath: string; updatePath: string },
  keyField: string,
): { method: 'POST' | 'PUT'; path: string } {
  if (saveMode(record) === 'create') return { method: 'POST', path: paths.createPath };
  const key = record[keyField] ?? record._pk;
  return { method: 'PUT', path: keyPath(paths.updatePath, key as string | number) };
}

export function isReadOnly(record: RecordTraits | null | undefined, readOnlyProp: boolean | undefined): boolean {
  return Boolean(readOnlyProp || record?._readonly);
}

/** Delete is offered only for saved records the server does not protect. */
export function canDelete(record: RecordTraits | null | undefined): boolean {
  return saveMode(record) === 'update' && record?._candelete !== false;
}

/** A row opens the editor unless the server marked it _editordisabled. */
export function opensEditor(row: RecordTraits): boolean {
  return !row._editordisabled;
}

/**
 * The danger alert after a failed delete (spec 1 §8): a named database error shows its
 * original detail or '??? Unknown Error'; otherwise the message, falling back to the record's
 * code, id or key.
 */
export function deleteFailureMessage(failure: unknown, record: Record<string, unknown> | null | undefined, key: unknown): string {
  const data = failure instanceof ApiFailure ? failure.data : {};
  if (typeof data.name === 'string' && data.name) {
    const original = data.original as { detail?: unknown } | undefined;
    return typeof original?.detail === 'string' && original.detail ? original.detail : '??? Unknown Error';
  }
  const message = failure instanceof Error ? failure.message : '';
  const fallback = [record?.code, record?.id, key].find((v) => v !== undefined && v !== null && v !== '');
  return message || (fallback !== undefined ? String(fallback) : '??? Unknown Error');
}

/** The ticked keys after rows are ticked (on) or unticked: what a RowSelection's onChange keeps. */
export function toggleKeys<K>(ticked: ReadonlySet<K>, changed: readonly K[], on: boolean): Set<K> {
  const next = new Set(ticked);
  for (const key of changed) {
    if (on) next.add(key);
    else next.delete(key);
  }
  return next;
}
