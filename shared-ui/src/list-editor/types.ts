import type { CSSProperties, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldKinds } from '../fields/values.js';
import type { Notice } from 'shared-ui/core';
import type { AppliedPeriod, PeriodChoice } from './period.js';

/** A list row or editor record: any fields plus the server's record traits (spec 1 §3.1). */
export type ListRecord = Record<string, unknown> & {
  _pk?: unknown;
  _readonly?: boolean;
  _candelete?: boolean;
  _editordisabled?: boolean;
  inactive?: unknown;
};

export type ColumnKind = 'text' | 'money' | 'moneyBrackets' | 'number' | 'date' | 'status' | 'boolean';

export interface ListColumn<Row extends ListRecord> {
  header: string;
  /** The row field shown (and summed or sorted). */
  field?: string;
  /** Custom cell content; overrides the field's formatting. */
  render?: (row: Row) => ReactNode;
  /** Unique column id when there is no field. */
  id?: string;
  kind?: ColumnKind;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  sortable?: boolean;
  /**
   * A lower-priority column: hidden while the window is narrower than this many pixels, so the
   * list fits a tablet (768 px) without scrolling sideways; the record's editor still shows it.
   */
  hideBelow?: number;
}

/** Tick boxes on rows, controlled by the screen; the header box ticks or clears every selectable row. */
export interface RowSelection<Row extends ListRecord> {
  /** 'mixed' when part of the row is chosen (e.g. some of its charges). */
  isSelected: (row: Row) => boolean | 'mixed';
  /** A row that may not be ticked shows a disabled box (default: every row may). */
  canSelect?: (row: Row) => boolean;
  onChange: (rows: Row[], selected: boolean) => void;
  /** Accessible name of a row's box, e.g. 'Select OWNSMITH'. */
  label?: (row: Row) => string;
}

export interface TypeOption {
  value: string;
  label: string;
}

/** Which filters the list offers. Search is on unless turned off; the others are off unless given. */
export interface ListFilterConfig {
  search?: boolean;
  /** 'server' sends the search in the query (default); 'client' filters the fetched rows. */
  searchMode?: 'server' | 'client';
  inactive?: boolean;
  period?: boolean;
  /** The period choices offered; all three unless given (a list with no future month leaves out 'future'). */
  periodChoices?: readonly PeriodChoice[];
  /** Type filter choices, e.g. ALL, OWNER, SUPPLIER, TENANT; 'ALL' or '' send no type. */
  type?: readonly (string | TypeOption)[];
  dateRange?: boolean;
  /** Show the filter panel on open (drill-downs waiting for a filter open it anyway). */
  open?: boolean;
}

/** The filters as they currently apply, handed to render props (totals labels differ in the current month). */
export interface ListFilterState {
  search: string;
  inactive: boolean;
  type: string;
  from: Date | null;
  to: Date | null;
  period: AppliedPeriod | null;
  /** The user has applied a filter (drill-downs wait for this). */
  applied: boolean;
}

export type EditorSize = 'small' | 'medium' | 'large' | 'extra large';

export interface EditorContext<Row extends ListRecord = ListRecord> {
  form: UseFormReturn<FieldValues>;
  /** The record as read from the server; null while adding. */
  record: Row | null;
  isNew: boolean;
  readOnly: boolean;
  close: () => void;
}

export interface EditorTab<Row extends ListRecord = ListRecord> {
  value: string;
  label: string;
  render: (ctx: EditorContext<Row>) => ReactNode;
  /** Show the tab only while this holds, e.g. a unit's Leaseback tab while leaseback is ticked (form.watch). */
  visible?: (ctx: EditorContext<Row>) => boolean;
}

/** What the editor needs, shared by list screens and editor-only screens. */
export interface RecordEditorConfig<Row extends ListRecord = ListRecord> {
  /** Base path of the record calls; read/create/update/delete default to it (`${path}/${key}`). */
  path?: string;
  readPath?: string;
  createPath?: string;
  updatePath?: string;
  deletePath?: string;
  keyField?: string;
  /** Editor body; or give editorTabs for a tabbed editor. */
  editor?: (ctx: EditorContext<Row>) => ReactNode;
  editorTabs?: readonly EditorTab<Row>[];
  editorTitle?: (record: Row | null, isNew: boolean) => string;
  /** Validation for the editor form (zodResolver). */
  schema?: z.ZodType<unknown, FieldValues>;
  /** Field kinds for empty defaults and read/write conversion (spec 1 §3.1). */
  fieldKinds?: FieldKinds;
  /** Values of a new record. */
  defaults?: Record<string, unknown> | (() => Record<string, unknown>);
  /** Record → form values, after the field-kind conversion (e.g. negate a payment amount). */
  toForm?: (record: Row) => Record<string, unknown>;
  /** Form values → request body; defaults to the field-kind conversion. */
  toBody?: (values: Record<string, unknown>, record: Row | null) => unknown;
  editorSize?: EditorSize;
  readOnly?: boolean;
  /** Saved records open view-only (posted receipts and payments are reversed, never edited); new ones are editable. */
  readOnlyOnceSaved?: boolean;
  /** Close after a successful save (default); otherwise reload the record from the server. */
  closeOnSave?: boolean;
  /** Runs after a successful save, e.g. to refresh lookups. */
  afterSave?: (saved: Row, mode: 'create' | 'update') => void;
  afterDelete?: (record: Row) => void;
  /** A warning to confirm before saving (e.g. charge items without a door): Proceed saves, Cancel goes back. */
  saveWarning?: (values: Record<string, unknown>, record: Row | null) => string | null;
  /** Keeps Save disabled, e.g. while a journal is out of balance. */
  saveDisabled?: boolean;
  /** The notice shown after a save instead of the default 'Record Created' / 'Record Updated' toast. */
  savedNotice?: (saved: Row, mode: 'create' | 'update', message: string) => Notice;
  /** Record actions shown above the editor body (e.g. a unit's Add Charge and Change Owner). */
  editorToolbar?: (ctx: EditorContext<Row>) => ReactNode;
}

/**
 * A list the server pages: GET listPath?page=&pageSize= answers one page as
 * { data, total, ...totals }, with the count and totals over the whole filtered set.
 */
export interface ServerPagingConfig {
  /** Answer key of each totals field's sum, e.g. { amount: 'totalAmount' }; defaults to the field name. */
  totals?: Record<string, string>;
}

/** One page as a server-paged list shows it: the count and totals (cents) are the server's. */
export interface ServerPage {
  /** 0-based page shown. */
  page: number;
  total: number;
  totals: Record<string, number>;
  onPage: (page: number) => void;
}

export interface ListEditorProps<Row extends ListRecord = ListRecord> extends RecordEditorConfig<Row> {
  title: ReactNode;
  /** GET path of the list ({ data: rows[] }); or give fetchList. */
  listPath?: string;
  fetchList?: (query: Record<string, string | number | boolean | undefined>) => Promise<Row[]>;
  /** Fixed query values sent with every list fetch. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Names the list for its query key and remembered period; defaults to listPath. */
  listKey?: string;
  columns: readonly ListColumn<Row>[];
  filters?: ListFilterConfig;
  /** Money fields summed exactly in the totals row. */
  totals?: readonly string[];
  canAdd?: boolean;
  /** Show only the editor; on close go to closePath (default '/'). */
  editorOnly?: boolean;
  /** Record opened in editor-only mode; null or absent adds a new one. */
  editorKey?: string | number | null;
  closePath?: string;
  /** How to leave an editor-only screen; defaults to a history push that single-spa routes. */
  onNavigate?: (path: string) => void;
  delayFetchUntilFilter?: boolean;
  rowActions?: (row: Row) => ReactNode;
  renderExpanded?: (row: Row) => ReactNode;
  rowStyle?: (row: Row) => CSSProperties | undefined;
  /** Tick boxes on the rows (release and disbursement screens). */
  selection?: RowSelection<Row>;
  /** Which rows may expand when renderExpanded is given (default: all). */
  canExpand?: (row: Row) => boolean;
  /** Rows per page; defaults to the signed-in user's desktopRows/mobileRows. */
  pageSize?: number;
  /** Extra toolbar content; it also gets the rows shown, e.g. to act on the selected ones. */
  toolbarExtra?: (filters: ListFilterState, rows: readonly Row[]) => ReactNode;
  onFiltersChange?: (filters: ListFilterState) => void;
  /** Current month and year for the period filter; defaults to the control record, else today. */
  currentMonth?: { month: number; year: number };
  /**
   * The server pages, searches and totals (lists that may hold thousands of rows): only one
   * page is ever fetched; needs listPath. Column sorting is off (it would sort one page only).
   */
  serverPaging?: boolean | ServerPagingConfig;
}
