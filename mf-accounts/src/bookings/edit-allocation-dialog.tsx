import { useState, type ReactElement } from 'react';
import {
  Accordion, AccordionHeader, AccordionItem, AccordionPanel, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle,
  Input, MessageBar, MessageBarActions, MessageBarBody, Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type AllocationEditView, BOOKING_MESSAGES } from 'api/contracts/bookings';
import { NumericInput, api, formatCents, notify } from 'shared-ui';
import { type EditRow, allDoorsBalance, allocationBody, asksBeforeChange, doorBalance, recalculatePercentFees } from './allocation-rules.js';

const SUB_TYPES = [['OWNER', 'ROOM'], ['CHG', 'CHARGE'], ['FEE', 'FEE'], ['DED', 'FEE']] as const;
let nextKey = 0;
// Inputs fill their column instead of keeping their natural width (which overlapped the next column at 768 px).
const useStyles = makeStyles({
  table: { '& .fui-Input, & .fui-Select': { minWidth: 0, width: '100%' }, '& input': { minWidth: 0 } },
});
const WIDTHS = { type: 80, account: 90, entity: 100, percent: 40, amount: 100, remove: 36 };
const newKey = () => `new-${nextKey++}`;

/**
 * Edit Allocation (spec 2 §2 'Booking drill-downs and allocation', §4 'Allocation editing'): one
 * accordion section per door with its rows; a door whose rows do not take exactly what is
 * available shows a red mark and Save stays disabled; changing a non-FEE amount asks (inline, so
 * no second modal fights the first for focus) before the percentage fees and their GST are recalculated; deleted rows are sent so the server can see none went missing.
 */
export function EditAllocationDialog({ bookingId, onClose, onSaved }: { bookingId: string; onClose: () => void; onSaved: () => void }): ReactElement {
  const styles = useStyles();
  const view = useQuery({
    queryKey: ['booking-allocation-edit', bookingId],
    queryFn: () => api.get<{ data: AllocationEditView }>(`/api/booking/allocation/${encodeURIComponent(bookingId)}/edit`).then((r) => r.data),
  });
  const [rows, setRows] = useState<EditRow[] | null>(null);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [asking, setAsking] = useState<{ key: string; amount: number } | null>(null);
  const data = view.data;
  const current = rows ?? (data ? data.doors.flatMap((d) => d.items.map((i) => ({ ...i, key: i.id }))) : []);

  const save = useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/booking/allocation', allocationBody(data!, current, deleted), { quiet: true }),
    onSuccess: (answer) => {
      notify({ title: answer.message || BOOKING_MESSAGES.manualSaved(data!.ref), intent: 'success', timeout: 4000 });
      onSaved();
    },
  });

  const update = (key: string, change: Partial<EditRow>) => setRows(current.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const changeAmount = (row: EditRow, amount: number) => {
    if (asksBeforeChange(row, current)) setAsking({ key: row.key, amount });
    else update(row.key, { amount });
  };
  const remove = (row: EditRow) => {
    setRows(current.filter((r) => r.key !== row.key));
    if (row.id) setDeleted([...deleted, row.id]);
  };
  const add = (door: string, owner: string | null) =>
    setRows([...current, { key: newKey(), door, type: 'CHARGE', sub_type: 'CHG', account_id: '', entity: owner ?? '', description: '', amount: 0, statement_percent_of_room_charge: null }]);
  const balanced = data ? allDoorsBalance(data.doors, current) : false;

  const recalculate = () => {
    const row = current.find((r) => r.key === asking!.key)!;
    setRows(recalculatePercentFees(current.map((r) => (r.key === row.key ? { ...r, amount: asking!.amount } : r)), row.door, data!.gst_rates));
    setAsking(null);
  };

  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && !save.isPending && onClose()}>
      <DialogSurface style={{ width: 980, maxWidth: '96vw' }} aria-label="Edit Allocation">
        <DialogBody>
          <DialogTitle>Edit Allocation {data ? data.ref : ''}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {view.isLoading ? <Spinner label="Loading the allocation" /> : null}
            {data && !data.offered ? <MessageBar intent="warning"><MessageBarBody>{data.reason}</MessageBarBody></MessageBar> : null}
            {asking ? (
              <MessageBar intent="warning" role="alert" aria-label="Recalculate fees">
                <MessageBarBody>Percentage fees will be recalculated on a new gross room charge. Continue?</MessageBarBody>
                <MessageBarActions>
                  <Button size="small" appearance="primary" onClick={recalculate}>Yes</Button>
                  <Button size="small" onClick={() => setAsking(null)}>No</Button>
                </MessageBarActions>
              </MessageBar>
            ) : null}
            {save.error ? <MessageBar intent="error"><MessageBarBody>{save.error.message}</MessageBarBody></MessageBar> : null}
            {data?.offered ? (
              <Accordion multiple collapsible defaultOpenItems={data.doors.map((d) => d.door)}>
                {data.doors.map((d) => {
                  const doorRows = current.filter((r) => r.door === d.door);
                  const b = doorBalance(d, doorRows);
                  return (
                    <AccordionItem key={d.door} value={d.door}>
                      <AccordionHeader>
                        <span data-testid={`door-${d.door}`} style={{ display: 'inline-flex', gap: 12, color: b.balanced ? undefined : tokens.colorPaletteRedForeground1 }}>
                          <strong>Door {d.door}</strong>
                          <span>{d.owner ?? 'No owner'}</span>
                          <span>Allocated {formatCents(b.allocated)} of {formatCents(b.available)}</span>
                          {b.balanced ? null : <span role="img" aria-label={`Door ${d.door} not balanced`}>●</span>}
                        </span>
                      </AccordionHeader>
                      <AccordionPanel>
                        <Table size="extra-small" className={styles.table} aria-label={`Allocation of door ${d.door}`}>
                          <TableHeader>
                            <TableRow>
                              <TableHeaderCell style={{ width: WIDTHS.type }}>Type</TableHeaderCell>
                              <TableHeaderCell style={{ width: WIDTHS.account }}>Account</TableHeaderCell>
                              <TableHeaderCell style={{ width: WIDTHS.entity }}>Entity</TableHeaderCell>
                              <TableHeaderCell>Description</TableHeaderCell>
                              <TableHeaderCell style={{ width: WIDTHS.percent }}>%</TableHeaderCell>
                              <TableHeaderCell style={{ width: WIDTHS.amount }}>Amount</TableHeaderCell>
                              <TableHeaderCell style={{ width: WIDTHS.remove }} />
                            </TableRow>
                          </TableHeader>
                          <TableBody>
                            {doorRows.map((r) => (
                              <TableRow key={r.key}>
                                <TableCell>
                                  {r.id ? r.sub_type : (
                                    <Select aria-label="Type" value={r.sub_type} onChange={(_, v) => update(r.key, { sub_type: v.value as EditRow['sub_type'], type: SUB_TYPES.find(([s]) => s === v.value)![1] })}>
                                      {SUB_TYPES.map(([s]) => <option key={s} value={s}>{s}</option>)}
                                    </Select>
                                  )}
                                </TableCell>
                                <TableCell>{r.id ? r.account_id : <Input aria-label="Account" value={r.account_id} onChange={(_, v) => update(r.key, { account_id: v.value.toUpperCase() })} />}</TableCell>
                                <TableCell><Input aria-label="Entity" value={r.entity} onChange={(_, v) => update(r.key, { entity: v.value.toUpperCase() })} /></TableCell>
                                <TableCell><Input aria-label="Description" value={r.description ?? ''} onChange={(_, v) => update(r.key, { description: v.value })} /></TableCell>
                                <TableCell>{r.statement_percent_of_room_charge ?? ''}</TableCell>
                                <TableCell>
                                  <NumericInput ariaLabel={`Amount ${r.description || r.account_id || 'of the new row'}`} value={r.amount} min={0} grouped onChange={(v) => changeAmount(r, v === '' ? 0 : v)} />
                                </TableCell>
                                <TableCell>
                                  <Button size="small" appearance="subtle" aria-label={`Delete ${r.description || r.account_id || 'the new row'}`} icon={<DeleteRegular />} onClick={() => remove(r)} />
                                </TableCell>
                              </TableRow>
                            ))}
                          </TableBody>
                        </Table>
                        <Button size="small" icon={<AddRegular />} onClick={() => add(d.door, d.owner)}>Add row</Button>
                      </AccordionPanel>
                    </AccordionItem>
                  );
                })}
              </Accordion>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={!data?.offered || !balanced || asking !== null || save.isPending} onClick={() => save.mutate()}>Save</Button>
            <Button onClick={onClose} disabled={save.isPending}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
