import type { ReactNode } from 'react';
import { Button, Text, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, BuildingBankRegular, CheckmarkCircleFilled, DeleteRegular, PrintRegular } from '@fluentui/react-icons';
import type { CashbookRecord, CashbookRow } from 'api/contracts/cashbook';
import type { ListColumn, ListEditorProps, ListRecord } from 'shared-ui';
import type { CSSProperties } from 'react';
import { bankState, detailsText, postedNotice, rowActions, rowTone, type CashbookKind } from './rules.js';

/** Row colours of the cash-book lists: cancelled numbers grey italics, reversed struck through in red, read-only grey. */
export function cashbookRowStyle(row: CashbookRow): CSSProperties | undefined {
  const tone = rowTone(row);
  if (tone === 'cancelled') return { fontStyle: 'italic', color: tokens.colorNeutralForeground4 };
  if (tone === 'reversed') return { textDecoration: 'line-through', color: tokens.colorPaletteRedForeground1 };
  if (tone === 'readonly') return { color: tokens.colorNeutralForeground4 };
  return undefined;
}

/** Long text (details, payers, recipients) cut to a width with an ellipsis; the whole text on hover. */
export function Clipped({ text, width }: { text: string | null | undefined; width: number }) {
  return (
    <span title={text ?? undefined} style={{ display: 'inline-block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
      {text ?? ''}
    </span>
  );
}

/** Blue when banked, green when reconciled. */
export function BankIcon({ row }: { row: CashbookRow }) {
  const state = bankState(row);
  if (state === 'reconciled') return <CheckmarkCircleFilled aria-label="Reconciled" style={{ color: tokens.colorPaletteGreenForeground1 }} />;
  if (state === 'banked') return <BuildingBankRegular aria-label="Banked" style={{ color: tokens.colorPaletteBlueForeground2 }} />;
  return null;
}

/**
 * The expanded row of Receipts and Payments: its references, and Delete or Reverse as the
 * server's flags allow (or why neither is offered).
 */
export function CashbookExpanded({ row, kind, onReverse, onDelete, children }: {
  row: CashbookRow;
  kind: CashbookKind;
  onReverse: (row: CashbookRow) => void;
  onDelete?: (row: CashbookRow) => void;
  children?: ReactNode;
}) {
  const { action, note } = rowActions(row, kind);
  const facts: [string, string | null][] = [
    ['Transaction ref', row.tran_ref],
    ['Source ref', row.source_ref],
  ];
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center', padding: '4px 0', textDecoration: 'none', color: tokens.colorNeutralForeground1 }}>
      {facts.filter(([, v]) => v).map(([label, value]) => (
        <Text key={label} size={200}>
          {label}: {value}
        </Text>
      ))}
      {children}
      {action === 'delete' && onDelete ? (
        <Button size="small" icon={<DeleteRegular />} onClick={() => onDelete(row)}>
          Delete {kind}
        </Button>
      ) : null}
      {action === 'reverse' ? (
        <Button size="small" icon={<ArrowUndoRegular />} onClick={() => onReverse(row)}>
          Reverse {kind}
        </Button>
      ) : null}
      {note ? <Text size={200} italic>{note}</Text> : null}
    </div>
  );
}

export type CashbookListRow = CashbookRow & ListRecord;

/** The list key of Receipts or Payments (the reversal dialog refreshes it). */
export const cashbookListKey = (kind: CashbookKind) => `${kind.toLowerCase()}s`;

/**
 * What Receipts and Payments lists share: the cash-book routes, paged on the server with the
 * amount total, by period, coloured by state, posted records view-only.
 */
export function cashbookListProps(kind: CashbookKind) {
  const path = `/api/cashbook/${kind.toLowerCase()}`;
  return {
    title: `${kind}s`,
    listKey: cashbookListKey(kind),
    listPath: `${path}/list`,
    createPath: path,
    readPath: '/api/cashbook/read',
    keyField: 'id',
    serverPaging: { totals: { amount: 'totalAmount' } },
    totals: ['amount'],
    filters: { period: true },
    rowStyle: cashbookRowStyle,
    readOnlyOnceSaved: true,
  } satisfies Partial<ListEditorProps<CashbookListRow>>;
}

/** The cash-book list columns, with each list's own Method and Payer cells and any extra columns before Amount. */
export function cashbookColumns(kind: CashbookKind, own: {
  method: ListColumn<CashbookListRow>;
  payer: ListColumn<CashbookListRow>;
  detailsWidth: number;
  extra?: ListColumn<CashbookListRow>[];
}): ListColumn<CashbookListRow>[] {
  return [
    { header: 'Date', field: 'date', kind: 'date', width: 90 },
    { header: `${kind} Ref`, field: 'ref', width: 90 },
    { header: 'Banked', id: 'banked', align: 'center', width: 56, render: (r) => <BankIcon row={r} /> },
    { header: 'Source', field: 'source', width: 70 },
    own.method,
    own.payer,
    { header: 'Details', field: 'memo', render: (r) => <Clipped text={detailsText(r)} width={own.detailsWidth} /> },
    { header: 'Properties', field: 'properties', render: (r) => <Clipped text={r.properties} width={90} /> },
    ...(own.extra ?? []),
    { header: 'Amount', field: 'amount', kind: 'money' },
  ];
}

/** Above a posted receipt or payment in its editor: what reversed it (or that it is reversed, never edited), and its print button when it prints. */
export function PostedNote({ kind, record, printLabel, onPrint }: {
  kind: CashbookKind;
  record: Pick<CashbookRecord, 'reversed' | 'reversal_ref'>;
  printLabel: string | null;
  onPrint: () => void;
}) {
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
      {record.reversed ? <Text style={{ color: tokens.colorPaletteRedForeground1 }}>Reversed by {record.reversal_ref}</Text> : <Text italic>{postedNotice(kind)}</Text>}
      {printLabel ? (
        <Button size="small" icon={<PrintRegular />} onClick={onPrint}>
          {printLabel}
        </Button>
      ) : null}
    </div>
  );
}
