import { useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text, ToolbarButton, Tooltip, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, BuildingBankRegular, DismissRegular, MoneyRegular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import type { DisburseRequest, DisburseResult, DisbursementRow } from 'api/contracts/disbursement';
import { api, formatCents, formatMoney, hasChargeReleaseOverride, ListEditor, listQueryKey, ListTable, PartyHoldsPanel, queryClient, useControl, useSubmissionKey, type ListColumn, toggleKeys } from 'shared-ui';
import { rowColourStyle } from '../release/row-colours.js';
import { downloadText } from './download.js';
import {
  abaFileName, disbursementColour, disbursementExpandable, disbursementPlan, disbursementSelectable, disbursementTitle, disbursePayload,
  missingBankAccount, toListRow, type DisbursementListRow,
} from './rules.js';

const LIST_PATH = '/api/disburse';
const refreshList = () => queryClient.invalidateQueries({ queryKey: listQueryKey(LIST_PATH) });

type Outcome = { intent: 'success'; message: string; result: DisburseResult } | { intent: 'error'; message: string };
type Door = DisbursementRow['door_array'][number] & Record<string, unknown>;

const doorColumns: ListColumn<Door>[] = [
  { header: 'Door', id: 'door', render: (d) => d.door || '(no door)' },
  { header: 'Funds', field: 'funds', kind: 'money' },
  { header: 'Pending', field: 'pending', kind: 'money' },
  { header: 'Disburse', field: 'disburse', kind: 'money' },
];

/** An expanded row (spec 2 §4 Holds): the party's holds and override, its doors' figures beside them. */
function ExpandedRow({ row }: { row: DisbursementListRow }) {
  const doors = row.door_array.length ? (
    <ListTable<Door> label={`Doors of ${row.code}`} rows={row.door_array as Door[]} columns={doorColumns} keyField="door" pageSize={row.door_array.length} showTotals={false} />
  ) : null;
  return (
    <PartyHoldsPanel
      code={row.code}
      values={{
        hold_always: row.hold_always,
        hold_always_reason: row.hold_always_reason,
        hold_this_month: row.hold_this_month,
        hold_this_month_reason: row.hold_this_month_reason,
        charge_release_override: row.charge_release_override,
      }}
      withOverride={hasChargeReleaseOverride(row.type)}
      aside={doors}
    />
  );
}

const columns: ListColumn<DisbursementListRow>[] = [
  { header: 'Code', field: 'code', sortable: true },
  {
    header: 'Name',
    field: 'name',
    sortable: true,
    // Why a row's funds are held (spec 2 §8) goes under its name: a column of its own would push the amounts off a laptop screen.
    render: (r) => (
      <>
        {r.name}
        {r.hold_reason ? <div style={{ color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 }}>{r.hold_reason}</div> : null}
      </>
    ),
  },
  { header: 'Type', field: 'type', sortable: true },
  {
    header: 'Method',
    field: 'disburse_method',
    render: (r) => (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        {r.disburse_method}
        {missingBankAccount(r) ? (
          <Tooltip content="No bank account" relationship="label">
            <BuildingBankRegular role="img" aria-label={`${r.code} has no bank account`} style={{ color: tokens.colorPaletteRedForeground1 }} />
          </Tooltip>
        ) : null}
      </span>
    ),
  },
  { header: 'Funds', field: 'funds', kind: 'money', sortable: true },
  { header: 'Hold', field: 'hold_out', kind: 'moneyBrackets' },
  { header: 'Pending', field: 'pending', kind: 'money' },
  { header: 'Release', field: 'release_out', kind: 'moneyBrackets' },
  { header: 'Disburse', field: 'disburse', kind: 'money', sortable: true },
];

/** What was paid: the server's message and the bank file (again on request). */
function DisburseOutcome({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const [fetchFailed, setFetchFailed] = useState<string | null>(null);
  const dismiss = (
    <MessageBarActions containerAction={<Button appearance="transparent" aria-label="Dismiss" icon={<DismissRegular />} onClick={onDismiss} />} />
  );
  if (outcome.intent === 'error') {
    return (
      <MessageBar intent="error" data-testid="disburse-result">
        <MessageBarBody>{outcome.message}</MessageBarBody>
        {dismiss}
      </MessageBar>
    );
  }
  const { result } = outcome;
  const downloadAgain = async () => {
    try {
      const response = await api.get<Response>(`${LIST_PATH}/file/${result.archive_id}`, { raw: true, quiet: true });
      downloadText(await response.text(), abaFileName(result));
      setFetchFailed(null);
    } catch (e) {
      setFetchFailed(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <MessageBar intent="success" layout="multiline" data-testid="disburse-result">
      <MessageBarBody>
        <MessageBarTitle>{outcome.message}</MessageBarTitle>
        {result.filename ? (
          <div>
            Bank file {result.filename}: {result.count} EFT payment{result.count === 1 ? '' : 's'}, {formatMoney(result.total)}.
            {result.archive_id ? (
              <Button size="small" appearance="transparent" icon={<ArrowDownloadRegular />} onClick={() => void downloadAgain()}>
                Download again
              </Button>
            ) : null}
            {fetchFailed ? <Text style={{ color: tokens.colorPaletteRedForeground1 }}>{fetchFailed}</Text> : null}
          </div>
        ) : null}
      </MessageBarBody>
      {dismiss}
    </MessageBar>
  );
}

/** Disbursement (spec 2 §2): pays out what each party may have, EFT payees in one ABA bank file. */
export default function DisbursementScreen() {
  const monthEnd = Boolean(useControl().data?.monthend_lock_uuid);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submission = useSubmissionKey();
  const disburse = useMutation({
    mutationFn: (body: DisburseRequest) => api.post<{ data: DisburseResult; message: string }>(LIST_PATH, body, { quiet: true, headers: submission.headers(body) }),
    onSuccess: (answer) => {
      submission.done();
      if (answer.data.aba) downloadText(answer.data.aba, abaFileName(answer.data));
      setTicked(new Set());
      setOutcome({ intent: 'success', message: answer.message, result: answer.data });
      void refreshList();
    },
    onError: (failure) => setOutcome({ intent: 'error', message: failure.message }),
  });

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {outcome ? <DisburseOutcome outcome={outcome} onDismiss={() => setOutcome(null)} /> : null}
      <ListEditor<DisbursementListRow>
        title={disbursementTitle(monthEnd)}
        listKey={LIST_PATH}
        fetchList={() => api.get<{ data: DisbursementRow[] }>(LIST_PATH).then((r) => r.data.map(toListRow))}
        keyField="code"
        columns={columns}
        filters={{ searchMode: 'client' }}
        totals={['funds', 'hold_out', 'pending', 'release_out', 'disburse']}
        rowStyle={(r) => rowColourStyle(disbursementColour(r))}
        selection={{
          isSelected: (r) => ticked.has(r.code),
          canSelect: disbursementSelectable,
          onChange: (rows, on) => setTicked((s) => toggleKeys(s, rows.map((r) => r.code), on)),
          label: (r) => `Select ${r.code}`,
        }}
        canExpand={disbursementExpandable}
        renderExpanded={(r) => <ExpandedRow row={r} />}
        toolbarExtra={(_, rows) => {
          const plan = disbursementPlan(rows, ticked);
          return (
            <>
              <Text size={200} data-testid="disburse-plan">
                {plan.pay.length} to pay, {formatCents(plan.totalCents)} by EFT
                {plan.releaseOnly ? `; ${plan.releaseOnly} with a release only` : ''}
              </Text>
              <ToolbarButton
                appearance="primary"
                icon={<MoneyRegular />}
                disabled={plan.pay.length === 0 || disburse.isPending}
                onClick={() => {
                  setOutcome(null);
                  disburse.mutate(disbursePayload(plan));
                }}
              >
                Disburse Now
              </ToolbarButton>
            </>
          );
        }}
      />
    </div>
  );
}
