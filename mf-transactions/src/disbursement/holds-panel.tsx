import { useState } from 'react';
import { Button, Field, MessageBar, MessageBarBody, Subtitle2, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { entityHoldsContract, type EntityHoldsInput } from 'api/contracts/entity';
import type { DisbursementRow } from 'api/contracts/disbursement';
import {
  api, ApiFailure, applyServerErrors, FormProvider, ListTable, MoneyField, TextField, useZodForm, type ListColumn,
} from 'shared-ui';
import { offersOverride, OVERRIDE_NOTE } from './rules.js';

const useStyles = makeStyles({
  // The row spans a table that may scroll sideways: on narrow screens the blocks stack and stay in view.
  panel: {
    display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXL, padding: tokens.spacingVerticalS, whiteSpace: 'normal',
    '@media (max-width: 991px)': { flexDirection: 'column', position: 'sticky', left: 0, width: 'fit-content' },
  },
  block: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: '260px', flex: '1 1 300px', maxWidth: '560px',
    '@media (max-width: 991px)': { flex: 'none', width: '400px' },
  },
  // Fluent inputs keep a wide minimum width; here they fill their grid column instead of overlapping the next.
  pair: { display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: tokens.spacingHorizontalM, '& .fui-Input': { minWidth: 0, width: '100%' } },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

type Door = DisbursementRow['door_array'][number] & Record<string, unknown>;
const doorColumns: ListColumn<Door>[] = [
  { header: 'Door', id: 'door', render: (d) => d.door || '(no door)' },
  { header: 'Funds', field: 'funds', kind: 'money' },
  { header: 'Pending', field: 'pending', kind: 'money' },
  { header: 'Disburse', field: 'disburse', kind: 'money' },
];

const holdsOf = (row: DisbursementRow): EntityHoldsInput => ({
  hold_always: row.hold_always,
  hold_always_reason: row.hold_always_reason,
  hold_this_month: row.hold_this_month,
  hold_this_month_reason: row.hold_this_month_reason,
});

/**
 * The entity holds panel of an expanded disbursement row (spec 2 §2, §4 'Holds'): the holds with
 * their reasons, saved with 'Update Holds' once changed, and for owners and pools the charge
 * release override, saved as it is toggled. `onSaved` refreshes the list.
 */
export function HoldsPanel({ row, onSaved }: { row: DisbursementRow; onSaved: (message: string) => void }) {
  const styles = useStyles();
  const form = useZodForm(entityHoldsContract, holdsOf(row));
  const [alert, setAlert] = useState<string | null>(null);
  const path = `/api/entity/${encodeURIComponent(row.code)}`;

  const saveHolds = useMutation({
    mutationFn: (body: EntityHoldsInput) => api.put<{ message: string }>(path, body, { quiet: true }),
    onSuccess: (answer, body) => {
      setAlert(null);
      form.reset(body);
      onSaved(answer.message);
    },
    onError: (failure) => {
      const general = failure instanceof ApiFailure ? applyServerErrors(form.setError, failure.errors) : [];
      setAlert([failure.message, ...general.filter((m) => m !== failure.message)].join(' '));
    },
  });

  const saveOverride = useMutation({
    mutationFn: (on: boolean) => api.put<{ message: string }>(path, { charge_release_override: on }, { quiet: true }),
    onSuccess: (answer) => {
      setAlert(null);
      onSaved(answer.message);
    },
    onError: (failure) => setAlert(failure.message),
  });

  const dirty = form.formState.isDirty;
  return (
    <div className={styles.panel} data-testid={`holds-panel-${row.code}`}>
      <FormProvider {...form}>
        <form
          className={styles.block}
          aria-label={`Holds of ${row.code}`}
          onSubmit={form.handleSubmit((values) => saveHolds.mutate(values))}
        >
          <Subtitle2 as="h3">Holds</Subtitle2>
          {alert ? (
            <MessageBar intent="error">
              <MessageBarBody>{alert}</MessageBarBody>
            </MessageBar>
          ) : null}
          <div className={styles.pair}>
            <MoneyField name="hold_always" label="Hold Always" min={0} />
            <TextField name="hold_always_reason" label="Reason" maxLength={200} />
          </div>
          <div className={styles.pair}>
            <MoneyField name="hold_this_month" label="Hold This Month" min={0} />
            <TextField name="hold_this_month_reason" label="Reason" maxLength={200} />
          </div>
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={!dirty || saveHolds.isPending}>
              Update Holds
            </Button>
            <Button disabled={!dirty || saveHolds.isPending} onClick={() => form.reset(holdsOf(row))}>
              Undo Changes
            </Button>
          </div>
        </form>
      </FormProvider>
      {offersOverride(row) ? (
        <div className={styles.block}>
          <Subtitle2 as="h3">Charge Release Override</Subtitle2>
          <Field hint={OVERRIDE_NOTE}>
            <Switch
              label="Charge Release Override"
              checked={row.charge_release_override}
              disabled={saveOverride.isPending}
              onChange={(_, d) => saveOverride.mutate(d.checked)}
            />
          </Field>
        </div>
      ) : null}
      {row.door_array.length ? (
        <div className={styles.block}>
          <Subtitle2 as="h3">Doors</Subtitle2>
          <ListTable<Door> label={`Doors of ${row.code}`} rows={row.door_array as Door[]} columns={doorColumns} keyField="door" pageSize={Math.max(row.door_array.length, 1)} showTotals={false} />
        </div>
      ) : null}
    </div>
  );
}
