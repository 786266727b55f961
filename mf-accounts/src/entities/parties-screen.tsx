import { useState } from 'react';
import { Button, Tooltip, tokens } from '@fluentui/react-components';
import { DocumentTextRegular, WarningRegular } from '@fluentui/react-icons';
import { formatMoney, ListEditor, useEntityEditor, type EditorTab, type ListColumn, type ListRecord } from 'shared-ui';
import { PartyExpansion } from './party-expansion.js';
import {
  disburseMethodLabel, figuresTone, heldText, MISSING_ACCOUNT_TEXT, missingBankAccount, PARTY_LISTS, partyListPath, type PartyListType,
} from './rules.js';
import { StatementDialog } from './statement-dialog.js';

const TONE_COLOUR = { danger: tokens.colorPaletteRedForeground1, warning: tokens.colorPaletteDarkOrangeForeground1 } as const;

export const figure = (field: 'funds' | 'pending' | 'balance') => (row: ListRecord) => {
  const tone = field === 'pending' ? null : figuresTone(row);
  return <span style={{ color: tone ? TONE_COLOUR[tone] : undefined }}>{formatMoney(row[field] as number)}</span>;
};

// Figures next to the name: on a narrow screen the contact columns are the ones that scroll.
const columns: ListColumn<ListRecord>[] = [
  { header: 'Code', field: 'code', sortable: true, width: 110 },
  { header: 'Name', field: 'name', sortable: true },
  { header: 'Funds', field: 'funds', kind: 'money', sortable: true, render: figure('funds') },
  { header: 'Pending', field: 'pending', kind: 'money', sortable: true, render: figure('pending') },
  { header: 'Balance', field: 'balance', kind: 'money', sortable: true, render: figure('balance') },
  { header: 'Held', id: 'held', align: 'right', render: (r) => heldText(r) },
  {
    header: 'Method',
    field: 'disburse_method',
    render: (r) => (
      <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
        {disburseMethodLabel(r.disburse_method)}
        {missingBankAccount(r) ? (
          <Tooltip content={MISSING_ACCOUNT_TEXT} relationship="label">
            <WarningRegular data-testid="missing-account" style={{ color: tokens.colorPaletteDarkOrangeForeground1 }} />
          </Tooltip>
        ) : null}
      </span>
    ),
  },
  { header: 'Category', field: 'category', sortable: true },
  { header: 'Phone', field: 'phone1' },
  { header: 'Email', field: 'email' },
];

/**
 * One parties list (spec 2 §2, spec 1 §2.3): owners, suppliers, tenants, unallocated funds or
 * owner pools, configured by type (pools bring their own columns and a Members tab). Rows expand to the ledger and pending charges; each has a statement action;
 * clicking a row opens the party's editor (shared with the Business editor in Setup).
 */
export function PartiesScreen({ type, listColumns = columns, extraTabs = [] }: { type: PartyListType; listColumns?: ListColumn<ListRecord>[]; extraTabs?: EditorTab<ListRecord>[] }) {
  const list = PARTY_LISTS[type];
  const base = useEntityEditor(type);
  const editor = extraTabs.length ? { ...base, editorTabs: [...(base.editorTabs ?? []), ...extraTabs] } : base;
  const [statementOf, setStatementOf] = useState<{ code: string; name: string } | null>(null);
  return (
    <>
      <ListEditor
        {...editor}
        title={list.title}
        listKey={`parties-${type}`}
        listPath={partyListPath(type)}
        path="/api/entity"
        keyField="code"
        columns={listColumns}
        filters={{ inactive: true }}
        totals={['funds', 'pending', 'balance']}
        canAdd={list.canAdd && !editor.readOnly}
        renderExpanded={(row) => <PartyExpansion code={String(row.code)} />}
        rowActions={(row) => (
          <Button
            size="small"
            appearance="subtle"
            icon={<DocumentTextRegular />}
            aria-label={`Statement ${String(row.code)}`}
            onClick={() => setStatementOf({ code: String(row.code), name: String(row.name ?? '') })}
          >
            Statement
          </Button>
        )}
      />
      {statementOf ? <StatementDialog {...statementOf} onClose={() => setStatementOf(null)} /> : null}
    </>
  );
}
