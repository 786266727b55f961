import { useEffect, useRef, useState, type ReactElement } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Select, Table, TableBody, TableCell,
  TableHeader, TableHeaderCell, TableRow, Text, Toolbar, tokens,
} from '@fluentui/react-components';
import { ArrowUndoRegular, DocumentTextRegular, MoneyRegular, PrintRegular, ReceiptAddRegular, ReceiptMoneyRegular } from '@fluentui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rentStateText, type CashbookRecord } from 'api/contracts/cashbook';
import { TENANCY_FREQUENCIES, type TenancyItem, type TenancyRecord } from 'api/contracts/tenancy';
import {
  CheckboxField, DateField, DateInput, FormGrid, MoneyField, MultilineField, NumberField, PercentField, SelectField, TextField, api, apiRequest, formatDate, formatMoney,
  listQueryKey, notify, openServerPdf, toIsoDate, useCurrentUser, useLookups, useSubmissionKey, useWatch, type EditorContext, type EditorTab,
} from 'shared-ui';
import { StatementDialog } from '../entities/statement-dialog.js';
import { AddChargeDialog } from '../units/add-charge-dialog.js';
import { unitActionRefusals } from '../units/rules.js';
import { withReason } from '../units/with-reason.js';
import { OUTSTANDING_GROUPS, durationForExpiry, expiryForDuration, receiptBody, receiptRefusal } from './rules.js';

export type TenancyEditorRecord = TenancyRecord & Record<string, unknown>;
type Ctx = EditorContext<TenancyEditorRecord>;
type Row = Record<string, unknown>;

const options = (rows: readonly Row[] | undefined, key: string, name: string) =>
  (rows ?? []).filter((r) => !r.inactive).map((r) => ({ value: String(r[key]), label: r[name] ? `${String(r[key])} - ${String(r[name])}` : String(r[key]) }));

/** Spec 3 §4: changing duration sets the expiry, changing the expiry sets the duration (not when a record loads both). */
function LeaseArithmetic({ form }: Pick<Ctx, 'form'>): null {
  const [start, duration, expiry] = useWatch({ name: ['start_date', 'duration', 'expiry_date'] }) as [Date | null, unknown, Date | null];
  const previous = useRef({ duration, expiry: toIsoDate(expiry) });
  useEffect(() => {
    const before = previous.current;
    const expiryIso = toIsoDate(expiry);
    previous.current = { duration, expiry: expiryIso };
    const durationChanged = before.duration !== duration;
    const expiryChanged = before.expiry !== expiryIso;
    if (durationChanged && !expiryChanged) {
      const next = expiryForDuration(start, duration);
      if (next && toIsoDate(next) !== expiryIso) form.setValue('expiry_date', next, { shouldDirty: true });
    } else if (expiryChanged && !durationChanged) {
      const weeks = durationForExpiry(start, expiry);
      if (weeks !== null && weeks !== Number(duration)) form.setValue('duration', weeks, { shouldDirty: true });
    }
  }, [start, duration, expiry, form]);
  return null;
}

function DetailsTab({ record, isNew, form }: Ctx): ReactElement {
  const lookups = useLookups().data;
  const locked = !isNew;
  return (
    <>
      <LeaseArithmetic form={form} />
      <FormGrid fit>
        <SelectField name="door" label="Door" required disabled={locked} placeholder="Select a door" options={options(lookups?.unit, 'door', 'name')} />
        <TextField name="entity" label="Tenant Code" required upperCase maxLength={10} disabled={locked} />
        <TextField name="name" label="Name" required maxLength={60} />
        <TextField name="email" label="Email" type="email" required maxLength={254} />
        <TextField name="phone" label="Phone" type="tel" required maxLength={30} />
        <SelectField name="account_id" label="Rent Account" required options={options(lookups?.account, 'id', 'description')} />
        <TextField name="description" label="Description" maxLength={60} />
        <MoneyField name="value" label="Rent" required />
        <SelectField name="frequency" label="Frequency" required options={Object.entries(TENANCY_FREQUENCIES).map(([value, label]) => ({ value, label }))} />
        <NumberField name="advance_days" label="Advance days" min={0} max={366} />
        <PercentField name="commission" label="Commission" required min={0} max={100} />
        {/* The start date is locked once the tenancy cannot be deleted (it has charges). */}
        <DateField name="start_date" label="Start Date" required disabled={Boolean(record && !record._candelete)} />
        <NumberField name="duration" label="Duration (weeks)" required min={0} max={520} />
        <DateField name="expiry_date" label="Expiry Date" required />
        <CheckboxField name="schedule_termination" label="Schedule termination" />
        <DateField name="end_date" label="Termination Date" required />
        <CheckboxField name="inactive" label="Inactive" />
      </FormGrid>
      {record ? (
        <Text size={200} data-testid="rent-account" style={{ color: tokens.colorNeutralForeground3 }}>
          Rent charged to {record.last_charge_date ? formatDate(record.last_charge_date) : 'nothing yet'}, paid to {formatDate(record.paid_to)}; arrears{' '}
          {formatMoney(record.arrears)}, due {formatMoney(record.due)}, pending {formatMoney(record.pending)}.
        </Text>
      ) : null}
    </>
  );
}

function LeaseBondTab({ record }: Ctx): ReactElement {
  const lookups = useLookups().data;
  const bondApplies = useWatch({ name: 'bond_applies' }) as boolean;
  const authorities = options((lookups?.entity ?? []).filter((e) => e.type === 'SUPPLIER'), 'code', 'name');
  return (
    <>
      <FormGrid fit>
        <TextField name="lease_reference" label="Lease Reference" maxLength={30} />
        <DateField name="lease_start_date" label="Lease Start" />
        <DateField name="lease_end_date" label="Lease End" />
        <CheckboxField name="bond_applies" label="Bond applies" />
      </FormGrid>
      {bondApplies ? (
        <FormGrid fit>
          <MoneyField name="bond" label="Bond" />
          <DateField name="bond_date" label="Bond Date" />
          {/* Read-only once set (spec 3 §4): the bond is lodged with that authority. */}
          <SelectField name="bond_entity" label="Bond Authority" placeholder="None" disabled={Boolean(record?.bond_entity)} options={authorities} />
          <TextField name="enter_bond_entity" label="Bond lodgement number" maxLength={60} />
          {record?.bond_charge_ref ? (
            <Field label="Bond charge">
              <Text data-testid="bond-charge">Charge {record.bond_charge_ref}</Text>
            </Field>
          ) : (
            <CheckboxField name="bond_create_charge" label="Create the bond charge" />
          )}
        </FormGrid>
      ) : null}
      {bondApplies ? <MultilineField name="bond_notes" label="Bond Details" required rows={3} maxLength={4000} /> : null}
    </>
  );
}

/** The ticked Outstanding items live in the form (field _ticked, never sent) so the toolbar sees them. */
const TICKED = '_ticked';

function OutstandingTab({ record, form }: Ctx): ReactElement | null {
  const ticked = (useWatch({ name: TICKED }) as number[] | undefined) ?? [];
  if (!record) return null;
  const toggle = (id: number, on: boolean) => form.setValue(TICKED, on ? [...ticked, id] : ticked.filter((x) => x !== id));
  return (
    <>
      {OUTSTANDING_GROUPS.map((g) => {
        const items = record.items.filter((i) => i.type === g.type);
        return (
          <section key={g.type} style={{ marginBottom: 12 }}>
            <Text as="h3" weight="semibold" size={300} style={{ display: 'block', margin: '4px 0' }}>
              {g.title} ({formatMoney(items.reduce((a, i) => a + Math.round(i.amount * 100), 0) / 100)})
            </Text>
            {items.length ? (
              <Table size="small" aria-label={g.title}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>Date</TableHeaderCell>
                    <TableHeaderCell>Ref</TableHeaderCell>
                    <TableHeaderCell>Description</TableHeaderCell>
                    <TableHeaderCell style={{ textAlign: 'right' }}>Amount</TableHeaderCell>
                    <TableHeaderCell>Receipt</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((i) => (
                    <TableRow key={i.id}>
                      <TableCell>{formatDate(i.date)}</TableCell>
                      <TableCell>{i.ref}</TableCell>
                      <TableCell>{i.description}</TableCell>
                      <TableCell style={{ textAlign: 'right' }}>{formatMoney(i.amount)}</TableCell>
                      <TableCell>
                        <Checkbox aria-label={`Receipt ${i.ref}`} checked={ticked.includes(i.id)} onChange={(_, d) => toggle(i.id, Boolean(d.checked))} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>None</Text>
            )}
          </section>
        );
      })}
    </>
  );
}

export const TENANCY_TABS: readonly EditorTab<TenancyEditorRecord>[] = [
  { value: 'details', label: 'Details', render: (ctx) => <DetailsTab {...ctx} /> },
  { value: 'lease', label: 'Lease & Bond', render: (ctx) => <LeaseBondTab {...ctx} /> },
  { value: 'outstanding', label: 'Outstanding', render: (ctx) => <OutstandingTab {...ctx} />, visible: ({ record }) => record !== null },
  { value: 'notes', label: 'Notes', render: () => <MultilineField name="notes" label="Notes" rows={10} maxLength={4000} /> },
];

type Open = 'rent' | 'undo' | 'charge' | 'receipt' | 'statement' | null;

/**
 * The saved tenancy's actions (spec 3 §2): Update Rent, Undo Charges, the tenant's Statement
 * (ledger and pending charges), the printed tenancy statement (rent account and bond register,
 * drawn by the server), and Receipt Selected Charges while Outstanding items are ticked.
 * Each change re-reads the tenancy afterwards.
 */
export function TenancyActions({ record, isNew, form, readOnly }: Ctx): ReactElement | null {
  const [open, setOpen] = useState<Open>(null);
  const queryClient = useQueryClient();
  const ticked = (useWatch({ name: TICKED }) as number[] | undefined) ?? [];
  // Add Charge posts a charge (p_entry_charges), as the unit editor's does: without the flag it is disabled with the reason (issue 17).
  const permissions = useCurrentUser().data?.permissions ?? {};
  const chargeRefused = unitActionRefusals(permissions).charge;
  const receiptRefused = receiptRefusal(permissions);
  if (isNew || !record) return null;
  const refresh = () => {
    form.setValue(TICKED, []);
    void queryClient.invalidateQueries({ queryKey: listQueryKey('/api/rental/list') });
    void queryClient.invalidateQueries({ queryKey: ['record', '/api/rental'] });
  };
  return (
    <>
      <Toolbar aria-label="Tenancy actions" size="small" style={{ flexWrap: 'wrap', gap: 4, marginBottom: 4, padding: 0 }}>
        <Button size="small" icon={<MoneyRegular />} disabled={readOnly} onClick={() => setOpen('rent')}>Update Rent</Button>
        <Button size="small" icon={<ArrowUndoRegular />} disabled={readOnly} onClick={() => setOpen('undo')}>Undo Charges</Button>
        {withReason(chargeRefused, <Button size="small" icon={<ReceiptAddRegular />} disabled={!!chargeRefused} onClick={() => setOpen('charge')}>Add Charge</Button>)}
        <Button size="small" icon={<DocumentTextRegular />} onClick={() => setOpen('statement')}>Statement</Button>
        <Button size="small" icon={<PrintRegular />} onClick={() => void openServerPdf(`/api/rental/${record.id}/statement`)}>Print Tenancy Statement</Button>
        {ticked.length
          ? withReason(receiptRefused, <Button size="small" appearance="primary" icon={<ReceiptMoneyRegular />} disabled={!!receiptRefused} onClick={() => setOpen('receipt')}>Receipt Selected Charges</Button>)
          : null}
      </Toolbar>
      {open === 'rent' || open === 'undo' ? <RentDialog mode={open} record={record} onClose={() => setOpen(null)} onDone={refresh} /> : null}
      {open === 'charge' ? (
        <AddChargeDialog unit={{ door: record.door, entity: record.entity, entityname: record.name }} payerType="TENANT" onSaved={refresh} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'statement' ? <StatementDialog code={record.entity} name={record.name} onClose={() => setOpen(null)} /> : null}
      {open === 'receipt' ? <ReceiptDialog record={record} ticked={ticked} onClose={() => setOpen(null)} onDone={refresh} /> : null}
    </>
  );
}

/** Update Rent: a date up to which advance rent is raised (at most 12 months ahead; the server stops at lease expiry). Undo Charges: confirm. */
function RentDialog({ mode, record, onClose, onDone }: { mode: 'rent' | 'undo'; record: TenancyRecord; onClose: () => void; onDone: () => void }): ReactElement {
  const [date, setDate] = useState<Date | null>(null);
  const [limits] = useState(() => {
    const today = new Date();
    const min = new Date(today.getFullYear(), today.getMonth(), today.getDate());
    return { min, max: new Date(min.getFullYear() + 1, min.getMonth(), min.getDate()) };
  });
  const title = mode === 'rent' ? 'Update Rent' : 'Undo Charges';
  const run = useMutation({
    mutationFn: () =>
      mode === 'rent'
        ? api.put<{ message: string }>('/api/unit/applyfees', { tenancyId: record.id, date: toIsoDate(date) }, { quiet: true })
        : apiRequest<{ message: string }>('DELETE', '/api/rental/deletecharges', { tenancyId: record.id }, { quiet: true }),
    onSuccess: (r) => {
      notify({ title: r.message, intent: 'success', timeout: 4000 });
      onDone();
      onClose();
    },
    onError: (e) => notify({ title: e.message, intent: 'error', timeout: 6000 }),
  });
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && !run.isPending && onClose()}>
      <DialogSurface style={{ width: 480, maxWidth: '96vw' }} aria-label={title}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {mode === 'rent' ? (
              <>
                <Text>Raise the advance rent charges of tenancy {record.id} for every period starting up to the date, at most 12 months ahead and never past the lease expiry.</Text>
                <Field label="Charge rent up to" hint="Blank means today.">
                  <DateInput value={date} onChange={setDate} min={limits.min} max={limits.max} />
                </Field>
              </>
            ) : (
              <Text>Cancel the advance rent charges of tenancy {record.id} not yet receipted; rent is then charged again from the day after the last receipted period.</Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={run.isPending} onClick={onClose}>Cancel</Button>
            <Button appearance="primary" disabled={run.isPending} onClick={() => run.mutate()}>{title}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

const METHODS = { EFT: 'Bank Transfer', CASH: 'Cash', CHQ: 'Cheque' } as const;

/** Receipt Selected Charges: one Trust Account Receipt from the tenant paying the ticked charges in full, then its PDF. */
function ReceiptDialog({ record, ticked, onClose, onDone }: { record: TenancyRecord; ticked: number[]; onClose: () => void; onDone: () => void }): ReactElement {
  const [method, setMethod] = useState<keyof typeof METHODS>('EFT');
  const [tranRef, setTranRef] = useState('');
  const submission = useSubmissionKey();
  const items: TenancyItem[] = record.items.filter((i) => ticked.includes(i.id));
  const total = items.reduce((a, i) => a + Math.round(i.amount * 100), 0) / 100;
  const run = useMutation({
    mutationFn: async () => {
      const body = receiptBody(record, record.items, new Set(ticked), toIsoDate(new Date())!, method, tranRef);
      return api.post<{ data: CashbookRecord; message: string }>('/api/cashbook/receipt', body, { quiet: true, headers: submission.headers(body) });
    },
    onSuccess: async (r) => {
      submission.done();
      // The rent account as the receipt left it (paid-to date, arrears remaining, next rent due), as the printed receipt shows it.
      const rent = (r.data.rent ?? []).map((x) => rentStateText(x, formatDate, formatMoney)).join('\n');
      notify({ title: r.message, body: rent || undefined, intent: 'success', timeout: 8000 });
      onDone();
      onClose();
      await openServerPdf(`/api/cashbook/print/${r.data.id}`);
    },
    onError: (e) => notify({ title: e.message, intent: 'error', timeout: 6000 }),
  });
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && !run.isPending && onClose()}>
      <DialogSurface style={{ width: 480, maxWidth: '96vw' }} aria-label="Receipt Selected Charges">
        <DialogBody>
          <DialogTitle>Receipt Selected Charges</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Text>
              Receipt {formatMoney(total)} from {record.name} ({record.entity}) today for {items.length} charge{items.length === 1 ? '' : 's'}: {items.map((i) => i.ref).join(', ')}.
            </Text>
            <Field label="Method">
              <Select value={method} onChange={(_, d) => setMethod(d.value as keyof typeof METHODS)}>
                {Object.entries(METHODS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
              </Select>
            </Field>
            <Field label="Reference">
              <Input value={tranRef} maxLength={100} onChange={(_, d) => setTranRef(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button disabled={run.isPending} onClick={onClose}>Cancel</Button>
            <Button appearance="primary" disabled={run.isPending} onClick={() => run.mutate()}>Receipt {formatMoney(total)}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
