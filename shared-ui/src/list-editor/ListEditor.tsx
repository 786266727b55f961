import { useEffect, useMemo, useState, type ReactElement } from 'react';
import {
  Button, Card, CardHeader, Field, MessageBar, MessageBarBody, Radio, RadioGroup, SearchBox, Select, Spinner, Text,
  ToggleButton, Toolbar, ToolbarButton, ToolbarDivider, tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular, CalculatorRegular, EyeRegular, FilterRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { api, MONTH_ABBREVIATIONS, toCents, toIsoDate, useCurrentMonth } from 'shared-ui/core';
import { DateInput } from '../pickers/DateInput.js';
import { applyPeriod, loadPeriod, periodQuery, savePeriod, type AppliedPeriod, type PeriodChoice, type PeriodSelection } from './period.js';
import { RecordEditor } from './RecordEditor.js';
import { effectiveSearch, visibleRows } from './rules.js';
import { navigateTo, usePageSize } from './settings.js';
import { ListTable } from './ListTable.js';
import type { ListEditorProps, ListFilterState, ListRecord, ServerPagingConfig, TypeOption } from './types.js';

type Query = Record<string, string | number | boolean | undefined>;

const PERIOD_CHOICES: { value: PeriodChoice; label: string }[] = [
  { value: 'current', label: 'Current' },
  { value: 'future', label: 'Future' },
  { value: 'period', label: 'Period' },
];

/** Query key prefix of a list: invalidating it refreshes every filter variant of that list. */
export const listQueryKey = (listKey: string) => ['list', listKey] as const;

function typeOptions(types: readonly (string | TypeOption)[] | undefined): TypeOption[] {
  return (types ?? []).map((t) => (typeof t === 'string' ? { value: t, label: t } : t));
}

/** What one fetch of the list gives: the rows, plus for a server-paged list its count and totals (cents). */
interface Fetched<Row> {
  rows: Row[];
  total?: number;
  totals?: Record<string, number>;
}

/** One page of a server-paged list: its rows, the whole set's count and each totals field's sum in cents. */
export async function fetchServerPage<Row extends ListRecord>(
  path: string,
  query: Query,
  page: number,
  pageSize: number,
  totals: readonly string[],
  config: ServerPagingConfig,
): Promise<Fetched<Row>> {
  const answer = await api.get<{ data?: Row[]; total?: number } & Record<string, unknown>>(path, { query: { ...query, page: page + 1, pageSize } });
  const sums = Object.fromEntries(totals.map((f) => [f, toCents(answer[config.totals?.[f] ?? f] as number | string | null | undefined)]));
  return { rows: answer.data ?? [], total: Number(answer.total ?? 0), totals: sums };
}

/** Text matching for lists whose endpoint has no search: any shown field containing the text. */
function matchesSearch(row: ListRecord, fields: string[], search: string): boolean {
  const needle = search.toLowerCase();
  return fields.some((f) => {
    const v = row[f];
    return v !== null && v !== undefined && String(v).toLowerCase().includes(needle);
  });
}

/**
 * THE list-and-editor screen (spec 1 §2.3, §4.3): a titled card with a toolbar, optional
 * filters, a dense paginated table with exact totals, and a modal record editor. Screens
 * configure it; none copies it.
 */
export function ListEditor<Row extends ListRecord = ListRecord>(props: ListEditorProps<Row>): ReactElement {
  const { keyField = 'id', filters = {}, columns, totals } = props;
  const listKey = props.listKey ?? props.listPath ?? String(props.title);
  const recordPath = props.path ?? props.listPath;
  const current = useCurrentMonth(props.currentMonth);
  const pageSize = usePageSize(props.pageSize);
  const types = typeOptions(filters.type);
  const hasPanel = Boolean(filters.period || filters.dateRange || types.length);

  const [searchText, setSearchText] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [showPanel, setShowPanel] = useState(Boolean(filters.open || props.delayFetchUntilFilter));
  const [showTotals, setShowTotals] = useState(true);
  const [type, setType] = useState(types[0]?.value ?? '');
  const [from, setFrom] = useState<Date | null>(null);
  const [to, setTo] = useState<Date | null>(null);
  const [periodDraft, setPeriodDraft] = useState<PeriodSelection>(() => loadPeriod(listKey, current));
  const [applied, setApplied] = useState<{ type: string; from: Date | null; to: Date | null; period: AppliedPeriod | null; byUser: boolean }>(() => ({
    type: types[0]?.value ?? '',
    from: null,
    to: null,
    period: filters.period ? applyPeriod(loadPeriod(listKey, current), current) : null,
    byUser: false,
  }));
  // `opening` remounts the editor on every open, so alerts, confirmation and read-only start afresh.
  const [editing, setEditing] = useState<{ key: string | number | null; opening: number } | null>(
    props.editorOnly ? { key: props.editorKey ?? null, opening: 0 } : null,
  );

  const paging: ServerPagingConfig | null = props.serverPaging ? (props.serverPaging === true ? {} : props.serverPaging) : null;
  const search = filters.search === false ? '' : effectiveSearch(searchText);
  const serverSearch = filters.searchMode === 'client' && !paging ? '' : search;
  const filterState: ListFilterState = {
    search,
    inactive: showInactive,
    type: applied.type,
    from: applied.from,
    to: applied.to,
    period: applied.period,
    applied: applied.byUser,
  };

  const query: Query = useMemo(
    () => ({
      ...props.query,
      search: serverSearch || undefined,
      inactive: showInactive ? true : undefined,
      type: applied.type && applied.type !== 'ALL' ? applied.type : undefined,
      from: toIsoDate(applied.from) ?? undefined,
      to: toIsoDate(applied.to) ?? undefined,
      ...(applied.period ? periodQuery(applied.period) : {}),
    }),
    [props.query, serverSearch, showInactive, applied],
  );

  // A server-paged list starts again at its first page whenever the filters change.
  const querySignature = JSON.stringify(query);
  const [pageAt, setPageAt] = useState({ signature: querySignature, page: 0 });
  const page = paging && pageAt.signature === querySignature ? pageAt.page : 0;

  const waiting = Boolean(props.delayFetchUntilFilter && !applied.byUser);
  const list = useQuery({
    queryKey: paging ? [...listQueryKey(listKey), query, { page, pageSize }] : [...listQueryKey(listKey), query],
    queryFn: (): Promise<Fetched<Row>> =>
      paging
        ? fetchServerPage<Row>(props.listPath ?? '', query, page, pageSize, totals ?? [], paging)
        : (props.fetchList ? props.fetchList(query) : api.get<{ data: Row[] }>(props.listPath ?? '', { query }).then((r) => r.data ?? [])).then((rows) => ({ rows })),
    enabled: !props.editorOnly && !waiting,
    placeholderData: (previous) => previous,
  });

  const { onFiltersChange } = props;
  useEffect(() => {
    onFiltersChange?.(filterState);
    // Report only when an applied filter changes: filterState itself is a new object every render.
  }, [search, showInactive, applied]);

  const rows = useMemo(() => {
    const fetched = visibleRows(list.data?.rows ?? [], showInactive);
    if (filters.searchMode !== 'client' || paging || !search) return fetched;
    const fields = columns.map((c) => c.field).filter((f): f is string => Boolean(f));
    return fetched.filter((r) => matchesSearch(r, fields, search));
  }, [list.data, showInactive, filters.searchMode, paging === null, search, columns]);

  const canAdd = props.canAdd ?? Boolean((props.editor || props.editorTabs) && !props.readOnly);
  const open = (row: Row | null) =>
    setEditing((e) => ({ key: row ? ((row[keyField] ?? row._pk) as string | number) : null, opening: (e?.opening ?? 0) + 1 }));
  const close = () => {
    setEditing(null);
    if (props.editorOnly) (props.onNavigate ?? navigateTo)(props.closePath ?? '/');
  };

  const editor = editing ? (
    <RecordEditor<Row>
      key={editing.opening}
      {...props}
      path={recordPath}
      keyField={keyField}
      recordKey={editing.key}
      onClose={close}
      invalidate={listQueryKey(listKey)}
    />
  ) : null;

  if (props.editorOnly) return <>{editor}</>;

  const applyFilter = () => setApplied((a) => ({ ...a, type, from, to, byUser: true }));
  const applyPeriodFilter = () => {
    savePeriod(listKey, periodDraft);
    setApplied((a) => ({ ...a, period: applyPeriod(periodDraft, current), byUser: true }));
  };
  const years = Array.from({ length: 12 }, (_, i) => current.year + 1 - i);

  return (
    <Card style={{ padding: 12 }}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold" size={500} style={{ margin: 0 }}>
            {props.title}
          </Text>
        }
        action={list.isFetching ? <Spinner size="extra-tiny" aria-label="Loading" /> : undefined}
      />
      <Toolbar aria-label={`${String(props.title)} toolbar`} size="small" style={{ flexWrap: 'wrap', gap: 4 }}>
        {canAdd ? (
          <ToolbarButton icon={<AddRegular />} onClick={() => open(null)}>
            Add Record
          </ToolbarButton>
        ) : null}
        {hasPanel ? (
          <ToggleButton size="small" appearance="subtle" icon={<FilterRegular />} checked={showPanel} onClick={() => setShowPanel((s) => !s)}>
            Filter
          </ToggleButton>
        ) : null}
        {filters.inactive ? (
          <ToggleButton size="small" appearance="subtle" icon={<EyeRegular />} checked={showInactive} onClick={() => setShowInactive((s) => !s)}>
            Inactive
          </ToggleButton>
        ) : null}
        <ToolbarButton icon={<ArrowClockwiseRegular />} onClick={() => void list.refetch()} disabled={waiting}>
          Refresh
        </ToolbarButton>
        {totals?.length ? (
          <ToggleButton size="small" appearance="subtle" icon={<CalculatorRegular />} checked={showTotals} onClick={() => setShowTotals((s) => !s)}>
            Totals
          </ToggleButton>
        ) : null}
        {props.toolbarExtra ? (
          <>
            <ToolbarDivider />
            {props.toolbarExtra(filterState, rows)}
          </>
        ) : null}
        {filters.search === false ? null : (
          <SearchBox
            size="small"
            aria-label="Search"
            placeholder="Search (3+ characters)"
            value={searchText}
            onChange={(_, d) => setSearchText(d.value)}
            style={{ marginLeft: 'auto', minWidth: 200 }}
          />
        )}
      </Toolbar>
      {hasPanel && showPanel ? (
        <div role="group" aria-label="Filters" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end', padding: 8, background: tokens.colorNeutralBackground2 }}>
          {types.length ? (
            <Field label="Type">
              <Select value={type} onChange={(_, d) => setType(d.value)}>
                {types.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          {filters.dateRange ? (
            <>
              <Field label="From">
                <DateInput value={from} onChange={setFrom} max={to} />
              </Field>
              <Field label="To">
                <DateInput value={to} onChange={setTo} min={from} />
              </Field>
            </>
          ) : null}
          {types.length || filters.dateRange ? (
            <Button size="small" appearance="primary" onClick={applyFilter}>
              Apply Filter
            </Button>
          ) : null}
          {filters.period ? (
            <>
              <RadioGroup
                layout="horizontal"
                aria-label="Period"
                value={periodDraft.period}
                onChange={(_, d) => setPeriodDraft((p) => ({ ...p, period: d.value as PeriodChoice }))}
              >
                {PERIOD_CHOICES.filter((c) => (filters.periodChoices ?? ['current', 'future', 'period']).includes(c.value)).map((c) => (
                  <Radio key={c.value} value={c.value} label={c.label} />
                ))}
              </RadioGroup>
              <Field label="Month">
                <Select
                  disabled={periodDraft.period !== 'period'}
                  value={String(periodDraft.month)}
                  onChange={(_, d) => setPeriodDraft((p) => ({ ...p, month: Number(d.value) }))}
                >
                  {MONTH_ABBREVIATIONS.map((m, i) => (
                    <option key={m} value={i + 1}>
                      {m}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Year">
                <Select
                  disabled={periodDraft.period !== 'period'}
                  value={String(periodDraft.year)}
                  onChange={(_, d) => setPeriodDraft((p) => ({ ...p, year: Number(d.value) }))}
                >
                  {(years.includes(periodDraft.year) ? years : [periodDraft.year, ...years]).map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </Select>
              </Field>
              <Button size="small" appearance="primary" onClick={applyPeriodFilter}>
                Apply Period Filter
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      {list.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{list.error.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      {waiting ? (
        <Text italic>Apply a filter to show records.</Text>
      ) : (
        <ListTable<Row>
          label={String(props.title)}
          rows={rows}
          columns={columns}
          keyField={keyField}
          pageSize={pageSize}
          totals={totals}
          showTotals={showTotals}
          loading={list.isPending}
          onOpen={props.editor || props.editorTabs ? open : undefined}
          rowActions={props.rowActions}
          renderExpanded={props.renderExpanded}
          rowStyle={props.rowStyle}
          selection={props.selection}
          canExpand={props.canExpand}
          serverPage={
            paging
              ? { page, total: list.data?.total ?? 0, totals: list.data?.totals ?? {}, onPage: (next) => setPageAt({ signature: querySignature, page: next }) }
              : undefined
          }
        />
      )}
      {editor}
    </Card>
  );
}
