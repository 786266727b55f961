import { useState, type ReactElement } from 'react';
import { makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import type { EntityStatement, EntityStatementRow } from 'api/contracts/entity';
import { api, formatCents, formatHeaderDate, formatMoney, toCents, toIsoDate, useCurrentMonth } from 'shared-ui/core';
import { ListTable } from '../list-editor/ListTable.js';
import { usePageSize } from '../list-editor/settings.js';
import type { ListColumn } from '../list-editor/types.js';
import { PeriodPicker, RangePicker } from '../pickers/Pickers.js';
import type { PeriodOption } from '../pickers/rules.js';
import { kindLabel, monthRange, statementDetails, statementTotals, type StatementRange } from './rules.js';

type Row = EntityStatementRow & Record<string, unknown>;

const useStyles = makeStyles({
  controls: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', marginBottom: tokens.spacingVerticalS },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalS,
    background: tokens.colorNeutralBackground2,
    marginBottom: tokens.spacingVerticalS,
  },
  figure: { display: 'flex', flexDirection: 'column' },
});

const columns: ListColumn<Row>[] = [
  { header: 'Date', field: 'date', kind: 'date', width: 80 },
  { header: 'Ref', field: 'ref', width: 60 },
  { header: 'Type', id: 'kind', render: (r) => kindLabel(r.kind), width: 80 },
  { header: 'Door', field: 'door', width: 50 },
  // Details wrap, so the figures stay in view on a narrow screen.
  { header: 'Details', id: 'details', render: (r) => <span style={{ whiteSpace: 'normal', display: 'block', minWidth: 'min(300px, 30vw)' }}>{statementDetails(r)}</span> },
  { header: 'Money In', id: 'in', align: 'right', width: 90, render: (r) => (r.amount > 0 ? formatMoney(r.amount) : '') },
  { header: 'Money Out', id: 'out', align: 'right', width: 90, render: (r) => (r.amount < 0 ? formatMoney(-r.amount) : '') },
  { header: 'Balance', field: 'balance', kind: 'money', width: 90 },
];

/** A party's statement, GET /api/entity/statement/{code}?from=&to=, for a range of days. */
export function useEntityStatement(code: string | null | undefined, range: StatementRange | null) {
  const from = toIsoDate(range?.from);
  const to = toIsoDate(range?.to);
  return useQuery({
    queryKey: ['entity-statement', code, from, to],
    enabled: Boolean(code && from && to),
    queryFn: () => api.get<{ data: EntityStatement }>(`/api/entity/statement/${encodeURIComponent(String(code))}`, { query: { from: from!, to: to! } }).then((r) => r.data),
  });
}

/** A balance is red when negative (spec 2 §4); money in and out are amounts, never coloured. */
function Figure({ label, cents, testId, balance = false }: { label: string; cents: number; testId: string; balance?: boolean }) {
  const styles = useStyles();
  return (
    <div className={styles.figure}>
      <Text size={200}>{label}</Text>
      <Text weight="semibold" data-testid={testId} style={{ color: balance && cents < 0 ? tokens.colorPaletteRedForeground1 : undefined }}>
        {formatCents(cents)}
      </Text>
    </div>
  );
}

export interface StatementViewProps {
  code: string;
  /** The first range shown; the accounting month by default. */
  initial?: StatementRange;
  /** False: the range is the screen's own (a list's period filter), shown without the period pickers. */
  pickPeriod?: boolean;
}

/**
 * The statement of a party on screen (spec 2 §2 statement action): a period (the period options
 * of spec 1 §4.4 or any From/To), then opening balance, every ledger line with its running
 * balance, and closing balance. The printed statement comes with the reports.
 */
export function StatementView({ code, initial, pickPeriod = true }: StatementViewProps): ReactElement {
  const styles = useStyles();
  const current = useCurrentMonth();
  const pageSize = usePageSize();
  const [period, setPeriod] = useState<PeriodOption>('current');
  const [range, setRange] = useState<{ from: Date | null; to: Date | null }>(() => initial ?? monthRange(current));
  const complete = range.from && range.to ? { from: range.from, to: range.to } : null;
  const statement = useEntityStatement(code, complete);
  const s = statement.data;
  const totals = s ? statementTotals(s) : null;

  return (
    <div data-testid="entity-statement">
      {pickPeriod ? (
        <div className={styles.controls}>
          <PeriodPicker
            value={period}
            today={monthRange(current).from}
            onChange={(choice) => {
              setPeriod(choice.period);
              setRange({ from: choice.from, to: choice.to });
            }}
          />
          <RangePicker label="Statement period" value={range} onChange={setRange} />
        </div>
      ) : null}
      {statement.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{statement.error.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!complete ? <Text italic>Choose the first and last day of the statement.</Text> : null}
      {complete && !s ? <Spinner size="tiny" label="Reading statement" /> : null}
      {s && totals ? (
        <>
          <Text as="h3" weight="semibold" block style={{ margin: `${tokens.spacingVerticalXS} 0` }}>
            {s.code} {s.name}: {formatHeaderDate(s.from)} to {formatHeaderDate(s.to)}
          </Text>
          <div className={styles.figures}>
            <Figure label="Opening balance" cents={toCents(s.opening)} testId="statement-opening" balance />
            <Figure label="Money in" cents={totals.received} testId="statement-in" />
            <Figure label="Money out" cents={totals.paid} testId="statement-out" />
            <Figure label="Closing balance" cents={toCents(s.closing)} testId="statement-closing" balance />
          </div>
          {totals.balanced ? null : (
            <MessageBar intent="warning">
              <MessageBarBody>The statement lines do not add up to the closing balance: please refresh.</MessageBarBody>
            </MessageBar>
          )}
          <ListTable<Row>
            label={`Statement of ${s.code}`}
            rows={s.rows as Row[]}
            columns={columns}
            keyField="id"
            pageSize={pageSize}
            showTotals={false}
            loading={statement.isFetching}
          />
        </>
      ) : null}
    </div>
  );
}
