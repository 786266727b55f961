import { useState, type ReactElement } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody,
  Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UNIT_MESSAGES, type ChangeOwnerRow } from 'api/contracts/unit';
import { api, DateInput, formatCents, formatMoney, FormGrid, listQueryKey, notify, startupKeys, toIsoDate, useControl, useLookups } from 'shared-ui';
import { changeDateLimits, changeOwnerQuery, defaultChangeDate, newOwnerOptions, previewTotals } from './rules.js';

/** The Select's value while no new owner has been chosen ('' is Unassign Owner). */
const NOT_CHOSEN = '-';

export interface ChangeOwnerDialogProps {
  unit: { door: string; entity: string | null; entityname?: string | null };
  onClose: () => void;
  /** After the change: the unit editor closes too. */
  onChanged: () => void;
}

/**
 * Change owner (spec 2 §4 'Change owner'): a date in the current month up to today, the new
 * owner (or Unassign Owner), a pro-rata preview of the month's pending charges, then Proceed.
 */
export function ChangeOwnerDialog({ unit, onClose, onChanged }: ChangeOwnerDialogProps): ReactElement {
  const control = useControl().data;
  const lookups = useLookups().data;
  const queryClient = useQueryClient();
  const [today] = useState(() => new Date());
  const limits = control ? changeDateLimits(control, today) : null;
  const [date, setDate] = useState<Date | null>(null);
  const changeDate = date ?? (limits ? defaultChangeDate(limits, today) : null);
  const [newOwner, setNewOwner] = useState<string | null>(null);
  const [adjustment, setAdjustment] = useState(true);

  const query = newOwner !== null && changeDate ? changeOwnerQuery(unit.door, changeDate, newOwner, unit.entity) : null;
  const preview = useQuery({
    queryKey: ['unit-changeowner-preview', query],
    enabled: query !== null,
    retry: false,
    queryFn: () => api.get<{ data: ChangeOwnerRow[]; message?: string }>('/api/unit/changeowner', { query: query!, quiet: true }),
  });
  const rows = preview.data?.data ?? [];
  const totals = previewTotals(rows);

  const proceed = useMutation({
    mutationFn: () =>
      api.post<{ message?: string }>('/api/unit/changeowner', {
        door: unit.door, old_owner: unit.entity, new_owner: newOwner, change_date: toIsoDate(changeDate), adjustment,
      }, { quiet: true }),
    onSuccess: async (result) => {
      notify({ title: result.message ?? UNIT_MESSAGES.ownershipDone, intent: 'success', timeout: 4000 });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: startupKeys.lookups }),
        queryClient.invalidateQueries({ queryKey: listQueryKey('/api/unit/list') }),
      ]);
      onChanged();
    },
  });
  const error = proceed.error ?? preview.error;

  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && !proceed.isPending && onClose()}>
      <DialogSurface style={{ width: 860, maxWidth: '96vw' }} aria-label="Change Owner">
        <DialogBody>
          <DialogTitle>Change Owner</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Text>
              Unit {unit.door}, owned by {unit.entity} {unit.entityname ?? ''}
            </Text>
            <FormGrid fit alignEnd>
              <Field label="Change date" hint="Within the current month, up to today">
                <DateInput value={changeDate} onChange={setDate} min={limits?.min} max={limits?.max} />
              </Field>
              <Field label="New owner">
                <Select value={newOwner ?? NOT_CHOSEN} onChange={(_, d) => setNewOwner(d.value === NOT_CHOSEN ? null : d.value)}>
                  <option value={NOT_CHOSEN} disabled>
                    Choose the new owner
                  </option>
                  {newOwnerOptions(lookups?.entity, unit.entity).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Checkbox checked={adjustment} onChange={(_, d) => setAdjustment(d.checked === true)} label="Split this month's pending charges by days" />
            </FormGrid>
            {error ? (
              <MessageBar intent="error">
                <MessageBarBody>{error.message}</MessageBarBody>
              </MessageBar>
            ) : null}
            {query === null ? (
              <Text italic>Choose the new owner to see the pro-rata split of this month&apos;s pending charges.</Text>
            ) : preview.isFetching ? (
              <Spinner size="tiny" label="Reading the pro-rata preview" />
            ) : preview.data ? (
              <>
                <div role="region" aria-label="Pro-rata preview" tabIndex={0} style={{ overflowX: 'auto' }}>
                  <Table size="extra-small" aria-label="Ownership change preview" style={{ minWidth: 640 }}>
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell>Type</TableHeaderCell>
                        <TableHeaderCell>Ref</TableHeaderCell>
                        <TableHeaderCell>Description</TableHeaderCell>
                        <TableHeaderCell style={{ textAlign: 'right' }}>Amount</TableHeaderCell>
                        <TableHeaderCell style={{ textAlign: 'right' }}>New owner days</TableHeaderCell>
                        <TableHeaderCell style={{ textAlign: 'right' }}>Old owner</TableHeaderCell>
                        <TableHeaderCell style={{ textAlign: 'right' }}>New owner</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {rows.length === 0 ? (
                        <TableRow>
                          <TableCell colSpan={7}>
                            <Text italic>No pending charges on this unit this month.</Text>
                          </TableCell>
                        </TableRow>
                      ) : (
                        rows.map((r) => (
                          <TableRow key={`${r.type}-${r.ref}`} data-testid="preview-row">
                            <TableCell>{r.type}</TableCell>
                            <TableCell>{r.ref}</TableCell>
                            <TableCell>{r.desc}</TableCell>
                            <TableCell style={{ textAlign: 'right' }}>{formatMoney(r.amount)}</TableCell>
                            <TableCell style={{ textAlign: 'right' }}>
                              {r.new_owner_days} / {r.days}
                            </TableCell>
                            <TableCell style={{ textAlign: 'right' }}>{formatMoney(r.old_owner)}</TableCell>
                            <TableCell style={{ textAlign: 'right' }}>{formatMoney(r.new_owner)}</TableCell>
                          </TableRow>
                        ))
                      )}
                      {rows.length ? (
                        <TableRow data-testid="preview-totals" style={{ fontWeight: 600 }}>
                          <TableCell colSpan={3}>Totals</TableCell>
                          <TableCell style={{ textAlign: 'right' }}>{formatCents(totals.amount)}</TableCell>
                          <TableCell />
                          <TableCell style={{ textAlign: 'right' }}>{formatCents(totals.old_owner)}</TableCell>
                          <TableCell style={{ textAlign: 'right' }}>{formatCents(totals.new_owner)}</TableCell>
                        </TableRow>
                      ) : null}
                    </TableBody>
                  </Table>
                </div>
                {preview.data.message ? <Text size={200}>{preview.data.message}</Text> : null}
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button disabled={proceed.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button appearance="primary" disabled={newOwner === null || !changeDate || proceed.isPending} onClick={() => proceed.mutate()}>
              Proceed
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
