import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Switch, Table, TableBody, TableCell,
  TableHeader, TableHeaderCell, TableRow, Tooltip, tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular, EditRegular, HomePersonRegular, PersonEditRegular, WarningRegular } from '@fluentui/react-icons';
import { ListEditor, ProgressBar, api, formatDate, formatMoney, listQueryKey, notify, queryClient, toIsoDate, useProgress, type ListColumn } from 'shared-ui';
import { EditAllocationDialog } from './edit-allocation-dialog.js';
import { type BookingListRow, attentionText, canEarlyDistribute, canExpand, isDistributed, netCents, netColour, resyncNotice, showsSync, statusDisplay } from './rules.js';

type Row = BookingListRow & Record<string, unknown> & { revision: number; check_in: string; guests: number; owner_stay: boolean; manual_allocation: boolean; guest_name: string };

const LIST_PATH = '/api/booking';
const refresh = () => void queryClient.invalidateQueries({ queryKey: listQueryKey(LIST_PATH) });
const COLOURS = { red: tokens.colorPaletteRedForeground1, green: tokens.colorPaletteGreenForeground1, blue: tokens.colorPaletteBlueForeground2 };

function Confirm({ title, text, onYes, onNo }: { title: string; text: string; onYes: () => void; onNo: () => void }) {
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onNo(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{text}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onYes}>Yes</Button>
            <Button onClick={onNo}>No</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Early Dist (spec 2 §4 'Early distribution'): ticking asks first; unticking reverses. */
function EarlyDist({ row }: { row: Row }) {
  const [asking, setAsking] = useState(false);
  const send = async (early: boolean) => {
    const answer = await api.post<{ ref: string; error: boolean; message: string }>(`/api/booking/sync/${encodeURIComponent(row.id)}?earlydisburse=${early}`, {});
    if (!answer.error) {
      notify(early
        ? { title: 'Early Distribution successful', body: `Booking ${answer.ref}`, intent: 'success', timeout: 2000 }
        : { title: 'Early Distribution has been reversed', body: `Booking ${answer.ref}`, intent: 'warning', timeout: 2000 });
    } else notify({ title: 'Early Distribution', body: answer.message, intent: 'error' });
    refresh();
  };
  if (!row.early_disburse && !canEarlyDistribute(row)) return null;
  return (
    <>
      <Checkbox aria-label={`Early Dist ${row.ref}`} checked={row.early_disburse} onChange={(_, d) => (d.checked ? setAsking(true) : void send(false))} />
      {asking ? <Confirm title="Early Distribution" text={`Distribute the funds of booking ${row.ref} into the current month now?`} onYes={() => { setAsking(false); void send(true); }} onNo={() => setAsking(false)} /> : null}
    </>
  );
}

/** A row's Sync button, Edit Allocation once distributed, and the manual-allocation marker (its confirm undoes the manual allocation). */
function SyncButton({ row, onEdit }: { row: Row; onEdit: (id: string) => void }) {
  const [undoing, setUndoing] = useState(false);
  const resync = async (undoManualAllocation: boolean) => {
    const answer = await api.post<{ error: boolean; warn: boolean; message: string | null }>(`/api/booking/sync/${encodeURIComponent(row.id)}`, undoManualAllocation ? { undoManualAllocation } : {});
    notify(resyncNotice(answer));
    refresh();
  };
  return (
    <>
      {isDistributed(row) ? (
        <Tooltip content="Edit Allocation" relationship="label">
          <Button size="small" appearance="subtle" aria-label={`Edit Allocation ${row.ref}`} icon={<EditRegular />} onClick={() => onEdit(row.id)} />
        </Tooltip>
      ) : null}
      {row.manual_allocation ? (
        <Tooltip content="Manual allocation: undo" relationship="label">
          <Button size="small" appearance="subtle" icon={<PersonEditRegular />} onClick={() => setUndoing(true)} />
        </Tooltip>
      ) : null}
      {showsSync(row.status) ? (
        <Tooltip content="Re-sync this booking" relationship="label">
          <Button size="small" appearance="subtle" aria-label={`Sync ${row.ref}`} icon={<ArrowSyncRegular />} onClick={() => void resync(false)} />
        </Tooltip>
      ) : null}
      {undoing ? <Confirm title="Manual Allocation" text={`Undo the manual allocation of booking ${row.ref}?`} onYes={() => { setUndoing(false); void resync(true); }} onNo={() => setUndoing(false)} /> : null}
    </>
  );
}

const today = toIsoDate(new Date()) ?? '';

/** The columns; Edit Allocation opens the screen's dialog, which outlives the row's page. */
const columnsWith = (onEdit: (id: string) => void): ListColumn<Row>[] => [
  { header: 'Ref', field: 'ref', sortable: true },
  { header: 'R#', field: 'revision', align: 'right', width: 48 },
  { header: 'Check-In', field: 'check_in', kind: 'date', sortable: true },
  { header: 'Check-Out', field: 'check_out', kind: 'date', sortable: true },
  { header: 'Doors', id: 'doors', render: (r) => r.doors ?? 'GROUP' },
  { header: 'Guests', field: 'guests', align: 'right', width: 64 },
  { header: '', id: 'owner_stay', width: 32, render: (r) => (r.owner_stay ? <Tooltip content="Owner stay" relationship="label"><HomePersonRegular /></Tooltip> : null) },
  {
    header: 'Status', id: 'status', render: (r) => (
      <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
        {r.error || r.warn ? <Tooltip content={attentionText(r)} relationship="label"><WarningRegular style={{ color: r.error ? tokens.colorPaletteRedForeground1 : tokens.colorPaletteDarkOrangeForeground1 }} /></Tooltip> : null}
        {statusDisplay(r, today)}
      </span>
    ),
  },
  { header: 'Sync', id: 'sync', render: (r) => <SyncButton row={r} onEdit={onEdit} /> },
  { header: 'Early Dist', id: 'early', align: 'center', render: (r) => <EarlyDist row={r} /> },
  { header: 'Receipts', field: 'receipts', kind: 'money' },
  { header: 'Accom', field: 'room_charges', kind: 'money' },
  { header: 'Other', field: 'other_charges', kind: 'money' },
  { header: 'Net', id: 'net', align: 'right', render: (r) => { const net = netCents(r); return <span data-testid="booking-net" style={{ color: COLOURS[netColour(net)] }}>{formatMoney(net / 100)}</span>; } },
];

function DrillTable({ title, path, cols }: { title: string; path: string; cols: [string, string, 'money' | 'date' | 'text'][] }) {
  const q = useQuery({ queryKey: ['booking-drill', path], queryFn: () => api.get<{ data: Record<string, unknown>[] }>(path).then((r) => r.data) });
  const cell = (v: unknown, kind: string) => (kind === 'money' ? formatMoney(v as number) : kind === 'date' ? formatDate(v as string) : String(v ?? ''));
  return (
    <section aria-label={title} style={{ marginBottom: 12 }}>
      <strong>{title}</strong>
      <Table size="extra-small">
        <TableHeader><TableRow>{cols.map(([h]) => <TableHeaderCell key={h}>{h}</TableHeaderCell>)}</TableRow></TableHeader>
        <TableBody>
          {(q.data ?? []).map((r, i) => (
            <TableRow key={i} style={r.is_reversed ? { textDecoration: 'line-through' } : undefined}>
              {cols.map(([h, f, kind]) => <TableCell key={h}>{cell(r[f], kind)}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/** Row expansion: Booking Cashbook, Booking Doors and Booking Allocation (spec 2 §2 'Booking drill-downs'). */
function BookingDetail({ row }: { row: Row }) {
  const id = encodeURIComponent(row.id);
  return (
    <div style={{ padding: 8 }}>
      {row.message ? <p>{row.message}</p> : null}
      <DrillTable title="Booking Cashbook" path={`/api/booking/cashbook/${id}`} cols={[['Date', 'date', 'date'], ['Kind', 'kind', 'text'], ['Ref', 'ref', 'text'], ['Method', 'method', 'text'], ['Amount', 'amount', 'money']]} />
      <DrillTable title="Booking Doors" path={`/api/booking/doors/${id}`} cols={[['Door', 'door', 'text'], ['Owner', 'owner', 'text'], ['Room Charge', 'room_charge', 'money'], ['Other', 'other_charges', 'money'], ['Allocated', 'allocated', 'money']]} />
      <DrillTable title="Booking Allocation" path={`/api/booking/allocation/${id}`} cols={[['Door', 'door', 'text'], ['R#', 'revision', 'text'], ['Type', 'sub_type', 'text'], ['Account', 'account_id', 'text'], ['Entity', 'entity', 'text'], ['Description', 'description', 'text'], ['Amount', 'amount', 'money']]} />
    </div>
  );
}

/** Sync Now: the whole sync as a job, its progress polled, then 'Sync Complete!' with the server's message. */
function SyncNow() {
  const [job, setJob] = useState<string | null>(null);
  const progress = useProgress(job, {
    autoClose: true,
    onComplete: (state) => {
      const failed = Boolean(state.error);
      const result = state.result as { message?: string; error?: boolean } | undefined;
      notify({ title: 'Sync Complete!', body: failed ? state.error?.message : result?.message, intent: failed || result?.error ? 'error' : 'success' });
      setJob(null);
      refresh();
    },
  });
  const start = async () => setJob((await api.post<{ data: { id: string } }>('/api/sync', {})).data.id);
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <Button icon={<ArrowSyncRegular />} disabled={job !== null} onClick={() => void start()}>Sync Now</Button>
      {job && progress.visible ? <ProgressBar percent={progress.percent} message={progress.message} label="Sync" /> : null}
    </span>
  );
}

/**
 * Bookings (spec 2 §2 'Booking distribution'): bookings from the booking system checking out in a
 * date range (the list waits for one), with their receipts, charges and net; Issues shows only
 * rows with errors; Sync Now runs the whole sync; Early Dist distributes a balanced in-house booking;
 * Edit Allocation edits a distributed one by hand.
 */
export default function BookingsScreen() {
  const [issues, setIssues] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const columns = useMemo(() => columnsWith(setEditing), []);
  return (
    <>
    {editing ? (
      <EditAllocationDialog
        bookingId={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: ['booking-drill'] });
          void queryClient.invalidateQueries({ queryKey: ['booking-allocation-edit', editing] });
          setEditing(null);
          refresh();
        }}
      />
    ) : null}
    <ListEditor<Row>
      title="Bookings"
      listPath={LIST_PATH}
      keyField="id"
      columns={columns}
      filters={{ search: false, dateRange: true, open: true }}
      delayFetchUntilFilter
      query={{ issues: issues ? 'true' : undefined }}
      totals={['receipts', 'room_charges', 'other_charges']}
      canAdd={false}
      canExpand={canExpand}
      renderExpanded={(r) => <BookingDetail row={r} />}
      toolbarExtra={() => (
        <span style={{ display: 'inline-flex', gap: 12, alignItems: 'center' }}>
          <Switch label="Issues" checked={issues} onChange={(_, d) => setIssues(d.checked)} />
          <SyncNow />
        </span>
      )}
    />
    </>
  );
}
