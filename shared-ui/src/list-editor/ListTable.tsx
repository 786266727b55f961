import { Fragment, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import {
  Button, Checkbox, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { CheckmarkRegular, ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { formatCents, formatDate, formatMoney, formatMoneyBrackets, formatNumber, type MoneyInput, StatusIcon, sumCents } from 'shared-ui/core';
import { EMPTY_LIST_TEXT, opensEditor, pageCount, pageOf, sortRows, type SortDirection } from './rules.js';
import type { ListColumn, ListRecord, RowSelection, ServerPage } from './types.js';

const ROW_HEIGHT = 28;

function columnId<Row extends ListRecord>(c: ListColumn<Row>, index: number): string {
  return c.id ?? c.field ?? `column-${index}`;
}

function defaultAlign<Row extends ListRecord>(c: ListColumn<Row>): 'left' | 'right' | 'center' {
  if (c.align) return c.align;
  return c.kind === 'money' || c.kind === 'moneyBrackets' || c.kind === 'number' ? 'right' : c.kind === 'status' || c.kind === 'boolean' ? 'center' : 'left';
}

function cellContent<Row extends ListRecord>(c: ListColumn<Row>, row: Row): ReactNode {
  if (c.render) return c.render(row);
  const value = c.field ? row[c.field] : undefined;
  switch (c.kind) {
    case 'money':
      return formatMoney(value as MoneyInput);
    case 'moneyBrackets':
      return formatMoneyBrackets(value as MoneyInput);
    case 'number':
      return formatNumber(value as MoneyInput);
    case 'date':
      return formatDate(value as string | Date | null);
    case 'status':
      return <StatusIcon status={value as string | null} />;
    case 'boolean':
      return value ? <CheckmarkRegular aria-label="Yes" /> : null;
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

export interface ListTableProps<Row extends ListRecord> {
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  keyField: string;
  pageSize: number;
  totals?: readonly string[];
  showTotals: boolean;
  loading?: boolean;
  onOpen?: (row: Row) => void;
  rowActions?: (row: Row) => ReactNode;
  renderExpanded?: (row: Row) => ReactNode;
  rowStyle?: (row: Row) => React.CSSProperties | undefined;
  label: string;
  selection?: RowSelection<Row>;
  canExpand?: (row: Row) => boolean;
  /** Rows are one page the server chose; the page, count and totals are the server's. */
  serverPage?: ServerPage;
}

/** The dense striped paginated table of the list pattern (28 px rows). */
const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
/** The window's width in CSS pixels, following resizes (a wide default where there is no window). */
export const useViewportWidth = (): number => useSyncExternalStore(subscribeToResize, () => window.innerWidth, () => 1280);

/** The columns shown at a viewport width: a column with hideBelow is dropped below that width. */
export function columnsAt<Row extends ListRecord>(columns: readonly ListColumn<Row>[], width: number): readonly ListColumn<Row>[] {
  return columns.some((c) => c.hideBelow) ? columns.filter((c) => !c.hideBelow || width >= c.hideBelow) : columns;
}

export function ListTable<Row extends ListRecord>(props: ListTableProps<Row>): ReactElement {
  const columns = columnsAt(props.columns, useViewportWidth());
  const { keyField, pageSize, onOpen, rowActions, renderExpanded, selection, canExpand } = props;
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<{ field: string; direction: SortDirection } | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());

  const server = props.serverPage;
  const sorted = sort && !server ? sortRows(props.rows, sort.field, sort.direction) : props.rows;
  const shown = server ? { rows: [...props.rows], page: server.page } : pageOf(sorted, page, pageSize);
  const count = server ? server.total : sorted.length;
  const pages = pageCount(count, pageSize);
  const goTo = server ? server.onPage : setPage;
  const span = columns.length + (selection ? 1 : 0) + (renderExpanded ? 1 : 0) + (rowActions ? 1 : 0);
  const selectable = selection ? sorted.filter((r) => selection.canSelect?.(r) ?? true) : [];
  const ticked = selection ? selectable.filter((r) => selection.isSelected(r) === true).length : 0;
  const allTicked = ticked === 0 ? false : ticked === selectable.length ? true : 'mixed';
  const rowKey = (row: Row, index: number) => String(row[keyField] ?? row._pk ?? `row-${shown.page}-${index}`);

  const toggleSort = (field: string) =>
    setSort((s) => (s?.field === field ? { field, direction: s.direction === 'ascending' ? 'descending' : 'ascending' } : { field, direction: 'ascending' }));
  const toggleExpanded = (key: string) =>
    setExpanded((set) => {
      const next = new Set(set);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div>
      {/* A list wider than the screen scrolls sideways instead of being cut off by the card; the
          scrolling region takes focus so keyboard users can scroll it too. */}
      <div role="region" aria-label={`${props.label} table`} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table size="extra-small" aria-label={props.label} style={{ tableLayout: 'auto' }}>
          <TableHeader>
            <TableRow>
              {selection ? (
                <TableHeaderCell style={{ width: 32 }}>
                  <Checkbox
                    aria-label="Select all rows"
                    checked={allTicked}
                    disabled={selectable.length === 0}
                    onChange={() => selection.onChange([...selectable], allTicked !== true)}
                  />
                </TableHeaderCell>
              ) : null}
              {renderExpanded ? <TableHeaderCell style={{ width: 32 }} aria-label="Expand" /> : null}
              {columns.map((c, i) => {
                const sortable = Boolean(c.sortable && c.field && !server);
                return (
                  <TableHeaderCell
                    key={columnId(c, i)}
                    style={{ width: c.width, textAlign: defaultAlign(c) }}
                    sortable={sortable}
                    sortDirection={sortable && sort && sort.field === c.field ? sort.direction : undefined}
                    onClick={sortable ? () => toggleSort(c.field!) : undefined}
                  >
                    {c.header}
                  </TableHeaderCell>
                );
              })}
              {rowActions ? <TableHeaderCell aria-label="Actions" /> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={span}>
                  <Text italic>{props.loading ? 'Loading ....' : EMPTY_LIST_TEXT}</Text>
                </TableCell>
              </TableRow>
            ) : (
              shown.rows.map((row, index) => {
                const key = rowKey(row, index);
                const clickable = Boolean(onOpen) && opensEditor(row);
                const expandable = Boolean(renderExpanded) && (canExpand?.(row) ?? true);
                const isExpanded = expandable && expanded.has(key);
                return (
                  <Fragment key={key}>
                    <TableRow
                      data-testid="list-row"
                      tabIndex={clickable ? 0 : undefined}
                      onClick={clickable ? () => onOpen!(row) : undefined}
                      onKeyDown={clickable ? (e) => e.key === 'Enter' && onOpen!(row) : undefined}
                      style={{
                        height: ROW_HEIGHT,
                        cursor: clickable ? 'pointer' : 'default',
                        background: index % 2 === 1 ? tokens.colorNeutralBackground2 : undefined,
                        color: row.inactive ? tokens.colorNeutralForegroundDisabled : undefined,
                        ...props.rowStyle?.(row),
                      }}
                    >
                      {selection ? (
                        // Ticking a row must not also open the editor.
                        <TableCell onClick={(e) => e.stopPropagation()}>
                          <Checkbox
                            aria-label={selection.label?.(row) ?? 'Select row'}
                            checked={selection.isSelected(row)}
                            disabled={!(selection.canSelect?.(row) ?? true)}
                            onChange={(_, d) => selection.onChange([row], d.checked === true)}
                          />
                        </TableCell>
                      ) : null}
                      {renderExpanded ? (
                        <TableCell>
                          {expandable ? (
                            <Button
                              size="small"
                              appearance="transparent"
                              aria-label={isExpanded ? 'Collapse row' : 'Expand row'}
                              aria-expanded={isExpanded}
                              icon={isExpanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
                              onClick={(e) => {
                                e.stopPropagation();
                                toggleExpanded(key);
                              }}
                            />
                          ) : null}
                        </TableCell>
                      ) : null}
                      {columns.map((c, i) => (
                        <TableCell key={columnId(c, i)} style={{ textAlign: defaultAlign(c), whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {cellContent(c, row)}
                        </TableCell>
                      ))}
                      {rowActions ? (
                        // Actions must not also open the editor.
                        <TableCell onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                          {rowActions(row)}
                        </TableCell>
                      ) : null}
                    </TableRow>
                    {renderExpanded && isExpanded ? (
                      <TableRow data-testid="list-row-expanded">
                        <TableCell colSpan={span}>{renderExpanded(row)}</TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                );
              })
            )}
            {props.showTotals && props.totals?.length && count > 0 ? (
              <TableRow data-testid="list-totals" style={{ height: ROW_HEIGHT, fontWeight: 600, borderTop: `2px solid ${tokens.colorNeutralStroke1}` }}>
                {selection ? <TableCell /> : null}
                {renderExpanded ? <TableCell /> : null}
                {columns.map((c, i) => (
                  <TableCell key={columnId(c, i)} style={{ textAlign: defaultAlign(c) }}>
                    {c.field && props.totals!.includes(c.field)
                      ? formatCents(server ? (server.totals[c.field] ?? 0) : sumCents(sorted as Record<string, unknown>[], c.field), { brackets: c.kind === 'moneyBrackets' })
                      : i === 0
                        ? 'Totals'
                        : null}
                  </TableCell>
                ))}
                {rowActions ? <TableCell /> : null}
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </div>
      {pages > 1 || server ? (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'flex-end', paddingTop: 4 }}>
          <Text size={200} data-testid="list-count">{count} rows</Text>
          {/* A server-paged list always states its count; the pager only when there is more than one page. */}
          {pages > 1 ? (
            <>
              <Button size="small" disabled={shown.page === 0} onClick={() => goTo(shown.page - 1)}>
                Previous page
              </Button>
              <Text size={200} data-testid="list-page">
                Page {shown.page + 1} of {pages}
              </Text>
              <Button size="small" disabled={shown.page >= pages - 1} onClick={() => goTo(shown.page + 1)}>
                Next page
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
