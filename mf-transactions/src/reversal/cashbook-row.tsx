import type { ReactNode } from 'react';
import { Button, Text, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, BuildingBankRegular, CheckmarkCircleFilled, DeleteRegular } from '@fluentui/react-icons';
import type { CashbookRow } from 'api/contracts/cashbook';
import type { CSSProperties } from 'react';
import { bankState, rowActions, rowTone, type CashbookKind } from './rules.js';

/** Row colours of the cash-book lists: reversed struck through in red, read-only grey. */
export function cashbookRowStyle(row: CashbookRow): CSSProperties | undefined {
  const tone = rowTone(row);
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
