import { useState } from 'react';
import { Button, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { ChartMultipleRegular, DocumentTextRegular } from '@fluentui/react-icons';
import type { BusinessSummary } from 'api/contracts/balances';
import { BUSINESS_ENTITY_CODE } from 'api/contracts/entity';
import { ListEditor, api, useCurrentMonth, useLookups, type ListColumn, type ListRecord } from 'shared-ui';
import { AccountDetail } from './account-detail.js';
import { ComparisonPicker } from './comparison-picker.js';
import { GraphDialog } from './graph-dialog.js';
import { StatementDialog } from '../entities/statement-dialog.js';
import { comparisonFields, fundsLabel, periodLabel, periodRange, summaryQuery, withChanges, yearMonthText, type BusinessRow, type ComparisonChoice, type YearMonth } from './rules.js';

type Row = BusinessRow & ListRecord;

const useStyles = makeStyles({
  extra: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
});

/**
 * Business Accounts (spec 2 §2): the business ledger by account for a period beside one of two
 * comparison periods (#1 or #2), each row expandable to its transactions and pending charges,
 * with a graph of all three periods and the business entity's statement for the period.
 */
export default function BusinessScreen() {
  const styles = useStyles();
  const current = useCurrentMonth();
  const business = useLookups().data?.business;
  const [summary, setSummary] = useState<BusinessSummary | null>(null);
  const [compare, setCompare] = useState<{ compare1?: YearMonth; compare2?: YearMonth }>({});
  const [choice, setChoice] = useState<ComparisonChoice>(1);
  const [isCurrentMonth, setIsCurrentMonth] = useState(true);
  const [dialog, setDialog] = useState<'graph' | 'statement' | null>(null);

  const compare1 = compare.compare1 ?? summary?.compare1;
  const compare2 = compare.compare2 ?? summary?.compare2;
  const chosen = choice === 1 ? compare1 : compare2;
  const fields = comparisonFields(choice);
  const years = Array.from({ length: 12 }, (_, i) => current.year - i);

  const columns: ListColumn<Row>[] = [
    { header: 'Account', field: 'account_id', width: 110, sortable: true },
    { header: 'Description', field: 'description', sortable: true },
    { header: 'Pending', field: 'pending', kind: 'money', sortable: true },
    { header: summary ? `${fundsLabel(isCurrentMonth)} ${periodLabel(summary.period)}` : fundsLabel(isCurrentMonth), field: 'funds', kind: 'money', sortable: true },
    { header: chosen ? `#${choice} ${periodLabel(chosen)}` : `#${choice}`, field: fields.funds, kind: 'money', sortable: true },
    { header: 'Change', field: fields.change, kind: 'money', sortable: true },
  ];

  return (
    <>
      <ListEditor<Row>
        title="Business Accounts"
        listKey="business-accounts"
        keyField="account_id"
        columns={columns}
        filters={{ search: false, period: true, periodChoices: ['current', 'period'], open: true }}
        query={{ compare1: compare.compare1 && yearMonthText(compare.compare1), compare2: compare.compare2 && yearMonthText(compare.compare2) }}
        fetchList={async (query) => {
          const res = await api.get<{ data: BusinessSummary }>('/api/ledger/business/summary', { query: summaryQuery(query) });
          setSummary(res.data);
          return withChanges(res.data.rows) as Row[];
        }}
        totals={['pending', 'funds', fields.funds, fields.change]}
        onFiltersChange={(f) => setIsCurrentMonth(f.period?.isCurrentMonth ?? true)}
        renderExpanded={(row) => (summary ? <AccountDetail account={row.account_id} period={summary.period} /> : null)}
        toolbarExtra={() => (
          <div className={styles.extra}>
            {compare1 ? <ComparisonPicker label="Compare #1" value={compare1} years={years} onChange={(v) => setCompare((c) => ({ ...c, compare1: v }))} /> : null}
            {compare2 ? <ComparisonPicker label="Compare #2" value={compare2} years={years} onChange={(v) => setCompare((c) => ({ ...c, compare2: v }))} /> : null}
            <RadioGroup layout="horizontal" aria-label="Compare with" value={String(choice)} onChange={(_, d) => setChoice(Number(d.value) as ComparisonChoice)}>
              <Radio value="1" label="#1" />
              <Radio value="2" label="#2" />
            </RadioGroup>
            <Button size="small" icon={<ChartMultipleRegular />} disabled={!summary} onClick={() => setDialog('graph')}>
              Graph
            </Button>
            <Button size="small" icon={<DocumentTextRegular />} disabled={!summary} onClick={() => setDialog('statement')}>
              Statement
            </Button>
          </div>
        )}
      />
      {dialog === 'graph' && summary ? <GraphDialog summary={summary} onClose={() => setDialog(null)} /> : null}
      {dialog === 'statement' && summary ? (
        <StatementDialog
          code={BUSINESS_ENTITY_CODE}
          name={String(business?.name ?? '')}
          view={{ initial: periodRange(summary.period), pickPeriod: false }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
