import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Text, Toolbar, Tooltip, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, MoneyRegular, PersonSwapRegular, ReceiptAddRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { LETTING_POOLS, UNIT_MESSAGES, type UnitRecord } from 'api/contracts/unit';
import {
  ChargesUpdateDialog, CheckboxField, DateField, formatMoney, FormGrid, listQueryKey, MultilineField, NumberField, SelectField, TextField, useCurrentUser, useLookups,
  useWatch, type ChargesUpdateMode, type EditorContext, type EditorTab, type Lookups,
} from 'shared-ui';
import { AddChargeDialog } from './add-charge-dialog.js';
import { ChangeOwnerDialog } from './change-owner-dialog.js';
import type { Option } from './line-cells.js';
import { inactiveLock, unitActionRefusals } from './rules.js';
import { withReason } from './with-reason.js';
import { UnitLines } from './unit-lines.js';

/** The unit as read, with the record traits the editor knows. */
export type UnitEditorRecord = UnitRecord & Record<string, unknown>;
type Ctx = EditorContext<UnitEditorRecord>;
type Row = Record<string, unknown>;

function options(rows: readonly Row[] | undefined, key: string, name: string, keep?: unknown): Option[] {
  return (rows ?? [])
    .filter((r) => !r.inactive || (keep != null && String(r[key]) === String(keep)))
    .map((r) => ({ value: String(r[key]), label: r[name] ? `${String(r[key])} - ${String(r[name])}` : String(r[key]) }));
}

const entityOptions = (lookups: Lookups | undefined, types: readonly string[], keep?: unknown) =>
  options((lookups?.entity ?? []).filter((e) => types.includes(String(e.type))), 'code', 'name', keep);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 12 }}>
      <Text as="h3" weight="semibold" size={300} style={{ display: 'block', margin: '4px 0 6px' }}>
        {title}
      </Text>
      {children}
    </section>
  );
}

function DetailsTab({ record, isNew }: Ctx): ReactElement {
  const lookups = useLookups().data;
  const [pool, isPool, gpid] = useWatch({ name: ['letting_pool', 'is_pool', 'gpid'] }) as [string, boolean, string];
  const ownerLocked = !isNew && record?._allowchangeowner === false;
  const lock = inactiveLock(record, gpid);
  const inactive = <CheckboxField name="inactive" label="Inactive" disabled={lock !== null} />;
  return (
    <>
      <Section title="Unit">
        <FormGrid fit>
          <TextField name="door" label="Door" required upperCase maxLength={10} disabled={!isNew} />
          <TextField name="name" label="Name" required upperCase maxLength={40} />
          <TextField name="location" label="Location" maxLength={60} />
          <SelectField name="unittype" label="Unit Type" required placeholder="Select a unit type" options={options(lookups?.unitType, 'id', 'name', record?.unittype)} />
          <SelectField name="class" label="Unit Class" placeholder="None" options={options(lookups?.unitClass, 'id', 'name', record?.class)} />
          <SelectField name="category" label="Category" placeholder="None" options={options(lookups?.category, 'code', 'name', record?.category)} />
          <SelectField
            name="entity"
            label="Owner"
            placeholder="No owner"
            disabled={ownerLocked}
            hint={ownerLocked ? UNIT_MESSAGES.changeOwner : undefined}
            options={entityOptions(lookups, ['OWNER'], record?.entity)}
          />
          <TextField name="gpid" label="Booking system link" maxLength={40} />
          <SelectField
            name="master_unit"
            label="Master unit"
            placeholder="None"
            options={options((lookups?.unit ?? []).filter((u) => u.door !== record?.door), 'door', 'name', record?.master_unit)}
          />
          <CheckboxField name="is_virtual_room" label="Virtual room" />
          {lock ? (
            <Tooltip content={lock} relationship="description">
              <div data-testid="inactive-locked">{inactive}</div>
            </Tooltip>
          ) : (
            inactive
          )}
        </FormGrid>
      </Section>
      <Section title="Letting and pool">
        <FormGrid fit>
          <SelectField name="letting_pool" label="Letting pool" placeholder="None" options={LETTING_POOLS.map((p) => ({ value: p, label: p }))} />
          {/* The start date can be changed only for BOOKINGS (spec 2 §4 'Unit changes'). */}
          <DateField name="letting_pool_start" label="Letting pool start" disabled={pool !== 'BOOKINGS'} />
          <CheckboxField name="leaseback" label="Leaseback" />
          <CheckboxField name="letting_agreement" label="Letting agreement" />
          <DateField name="agreement_date" label="Agreement date" />
          <DateField name="agreement_expiry" label="Agreement expiry" />
          <CheckboxField name="is_pool" label="In a pool" />
          <SelectField name="pool_owner" label="Pool" placeholder="None" required={isPool} options={entityOptions(lookups, ['POOL'], record?.pool_owner)} />
          <NumberField name="days_in_pool" label="Days in pool" min={0} max={366} />
        </FormGrid>
        <MultilineField name="agreement_details" label="Agreement details" rows={2} maxLength={4000} />
      </Section>
      {record ? (
        <Text size={200} data-testid="unit-figures" style={{ color: tokens.colorNeutralForeground3 }}>
          Owner funds {formatMoney(record.funds)}, disbursed this month {formatMoney(record.pay)}, pending charges {formatMoney(record.pending)}, balance {formatMoney(record.balance)}
        </Text>
      ) : null}
    </>
  );
}

function FeesTab(): ReactElement {
  const lookups = useLookups().data;
  return <UnitLines kind="fees" accounts={options(lookups?.account, 'id', 'description')} recipients={entityOptions(lookups, ['BUSINESS', 'OWNER', 'SUPPLIER'])} />;
}

function LeasebackTab(): ReactElement {
  const lookups = useLookups().data;
  return <UnitLines kind="leasebacks" accounts={options(lookups?.account, 'id', 'description')} />;
}

export const UNIT_TABS: readonly EditorTab<UnitEditorRecord>[] = [
  { value: 'details', label: 'Details', render: (ctx) => <DetailsTab {...ctx} /> },
  { value: 'fees', label: 'Unit Fees', render: () => <FeesTab /> },
  { value: 'leaseback', label: 'Leaseback', render: () => <LeasebackTab />, visible: ({ form }) => Boolean(form.watch('leaseback')) },
  { value: 'notes', label: 'Notes', render: () => <MultilineField name="notes" label="Notes" rows={10} maxLength={4000} /> },
];

type Open = { kind: 'charge' } | { kind: 'owner' } | { kind: 'fees'; mode: ChargesUpdateMode } | null;

/**
 * The saved unit's actions above its editor: Add Charge, the unit's monthly fee update (and its
 * undo), and Change Owner where the owner cannot be changed in the editor (spec 2 §4). An action
 * whose route this user's flags do not reach is disabled with the reason (issue 17).
 */
export function UnitActions({ record, isNew, close }: Ctx): ReactElement | null {
  const [open, setOpen] = useState<Open>(null);
  const queryClient = useQueryClient();
  const refused = unitActionRefusals(useCurrentUser().data?.permissions ?? {});
  if (isNew || !record) return null;
  const owner = record.entity;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: listQueryKey('/api/unit/list') });
    void queryClient.invalidateQueries({ queryKey: ['unit-summary', record.door] });
  };
  const noOwner = owner ? null : 'The unit has no owner to charge';
  const chargeReason = refused.charge ?? noOwner;
  const updateReason = refused.fees ?? noOwner;
  return (
    <>
      <Toolbar aria-label="Unit actions" size="small" style={{ flexWrap: 'wrap', gap: 4, marginBottom: 4, padding: 0 }}>
        {withReason(chargeReason, <Button size="small" icon={<ReceiptAddRegular />} disabled={!!chargeReason} onClick={() => setOpen({ kind: 'charge' })}>Add Charge</Button>)}
        {withReason(updateReason, <Button size="small" icon={<MoneyRegular />} disabled={!!updateReason} onClick={() => setOpen({ kind: 'fees', mode: 'update' })}>Update Charges</Button>)}
        {withReason(refused.fees, <Button size="small" icon={<ArrowUndoRegular />} disabled={!!refused.fees} onClick={() => setOpen({ kind: 'fees', mode: 'undo' })}>Undo Charges</Button>)}
        {!record._allowchangeowner && owner ? (
          <Button size="small" icon={<PersonSwapRegular />} onClick={() => setOpen({ kind: 'owner' })}>
            Change Owner
          </Button>
        ) : null}
      </Toolbar>
      {open?.kind === 'charge' && owner ? <AddChargeDialog unit={{ door: record.door, entity: owner, entityname: record.entityname }} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'fees' ? <ChargesUpdateDialog mode={open.mode} door={record.door} onClose={() => setOpen(null)} onDone={refresh} /> : null}
      {open?.kind === 'owner' ? (
        <ChangeOwnerDialog
          unit={record}
          onClose={() => setOpen(null)}
          onChanged={() => {
            setOpen(null);
            close();
          }}
        />
      ) : null}
    </>
  );
}
