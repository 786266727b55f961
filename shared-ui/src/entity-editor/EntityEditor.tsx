import { useEffect, useState, type ReactElement } from 'react';
import { Button, MessageBar, MessageBarBody, Text, Tooltip, tokens } from '@fluentui/react-components';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { businessEntityContract, entityContract } from 'api/contracts/entity';
import { DISBURSE_METHODS, STATEMENT_FORMATS } from 'api/contracts/common';
import { EntityBalancesBar } from '../balances/BalancesBar.js';
import { CheckboxField, MoneyField, MultilineField, PercentField, SelectField, TextField } from '../fields/Fields.js';
import { FormGrid, Wide } from '../fields/FormGrid.js';
import { lookupOptions, mapOptions } from '../fields/options.js';
import type { FieldKinds } from '../fields/values.js';
import type { EditorContext, EditorTab, ListRecord, RecordEditorConfig } from '../list-editor/types.js';
import { useCurrentUser, useLookups, type Lookups } from 'shared-ui/core';
import { hasPermission } from 'api/contracts/permissions';
import { EntityEmailLogs } from '../email/EmailLog.js';
import { SendEmailDialog, type EmailToType } from '../email/SendEmailDialog.js';
import { ChargeReleaseOverrideBlock, HoldsBlock, NewHoldsBlock } from './HoldsPanel.js';
import {
  automaticHoldNote, deleteRefusal, ENTITY_TAB_LABELS, entityTabs, hasChargeReleaseOverride, inactiveControl, newEntityValues,
  tabsWithErrors, type EntityTabId, type EntityType,
} from './rules.js';
import { StatementView } from './StatementView.js';

/** How each field of spec 2 §3 Entity is held in the form (spec 1 §3.1 field kinds). */
export const ENTITY_FIELD_KINDS: FieldKinds = {
  code: 'text', category: 'select', name: 'text', email: 'text', address: 'text', town: 'text', state: 'text', postcode: 'text',
  phone1: 'text', phone2: 'text', abn: 'text', acn: 'text', bank: 'select', bank_account_name: 'text', bank_bsb: 'text',
  bank_account_number: 'text', disburse_method: 'select', hold_this_month: 'number', hold_this_month_reason: 'text', hold_always: 'number',
  hold_always_reason: 'text', notes: 'text', statement_notes: 'text', statement_format: 'select', statement_show_pending: 'checkbox',
  statement_show_summary: 'checkbox', is_agent: 'checkbox', commission: 'number', room_rate_has_commission_deducted: 'checkbox',
  apply_fees_to_gross: 'checkbox', budget: 'number', charge_release_override: 'checkbox', inactive: 'checkbox',
};

/** The party type as the accountant names one of them. */
export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  BUSINESS: 'Business', OWNER: 'Owner', SUPPLIER: 'Supplier', TENANT: 'Tenant', POOL: 'Pool', UNALLOC: 'Unallocated Funds',
};

type Ctx = EditorContext<ListRecord>;
const codeOf = (record: ListRecord | null) => (record?.code ? String(record.code) : null);

function InactiveBox({ record }: { record: ListRecord | null }) {
  const control = inactiveControl(record as never);
  if (!control.show) return null;
  const box = <CheckboxField name="inactive" label="Inactive" disabled={!control.enabled} hint={control.reason ?? undefined} />;
  // The spec's tooltips (§8) say why the box is off; a disabled box gets no pointer events, hence the wrapper.
  return control.reason ? (
    <Tooltip content={control.reason} relationship="description">
      <div>{box}</div>
    </Tooltip>
  ) : (
    box
  );
}

function DetailsTab({ ctx, type, lookups }: { ctx: Ctx; type: EntityType; lookups: Lookups | undefined }) {
  const { record, isNew } = ctx;
  const categories = lookupOptions(
    (lookups?.category ?? []).filter((c) => c.type === type || c.code === record?.category),
    'code',
    ['name'],
    record?.category,
  );
  return (
    <FormGrid>
      {type === 'BUSINESS' ? null : <TextField name="code" label="Code" required upperCase maxLength={20} disabled={!isNew} hint={isNew ? '4 to 20 characters' : undefined} />}
      <SelectField name="category" label="Category" required placeholder="Select a category" options={categories} />
      <TextField name="name" label="Name" required maxLength={40} />
      <TextField name="email" label="Email" type="email" maxLength={200} />
      <TextField name="phone1" label="Phone 1" type="tel" maxLength={30} />
      <TextField name="phone2" label="Phone 2" type="tel" maxLength={30} />
      <Wide>
        <TextField name="address" label="Address" maxLength={200} />
      </Wide>
      <TextField name="town" label="Town" maxLength={60} />
      <TextField name="state" label="State" maxLength={20} />
      <TextField name="postcode" label="Postcode" maxLength={10} />
      <TextField name="abn" label="ABN" maxLength={14} hint="11 digits" />
      <TextField name="acn" label="ACN" maxLength={11} hint="9 digits" />
      <MoneyField name="budget" label="Budget" min={0} />
      {type === 'SUPPLIER' ? <CheckboxField name="is_agent" label="Agent" hint="Agents have an Agent Details tab" /> : null}
      <InactiveBox record={record} />
    </FormGrid>
  );
}

function AgentTab() {
  return (
    <FormGrid>
      <PercentField name="commission" label="Commission" min={0} max={100} />
      <CheckboxField name="room_rate_has_commission_deducted" label="Room rate has commission deducted" />
      <CheckboxField name="apply_fees_to_gross" label="Apply fees to gross" />
    </FormGrid>
  );
}

function DisbursementTab({ ctx, type, lookups }: { ctx: Ctx; type: EntityType; lookups: Lookups | undefined }) {
  const { record } = ctx;
  const code = ctx.isNew ? null : codeOf(record);
  const method = useWatch({ name: 'disburse_method' });
  const note = automaticHoldNote(method);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }}>
      <FormGrid>
        <SelectField name="disburse_method" label="Disburse method" required options={mapOptions(DISBURSE_METHODS)} hint={note ?? undefined} />
        <SelectField name="bank" label="Bank" placeholder="None" options={lookupOptions(lookups?.bank, 'id', ['name'], record?.bank)} />
        <TextField name="bank_account_name" label="Account name" maxLength={32} />
        <TextField name="bank_bsb" label="BSB" maxLength={7} hint="NNN-NNN" />
        <TextField name="bank_account_number" label="Account number" maxLength={12} hint="Up to 9 digits" />
      </FormGrid>
      {code ? <HoldsBlock code={code} /> : <NewHoldsBlock />}
      {hasChargeReleaseOverride(type) ? <ChargeReleaseOverrideBlock code={code} /> : null}
    </div>
  );
}

function StatementTab({ ctx }: { ctx: Ctx }) {
  const code = ctx.isNew ? null : codeOf(ctx.record);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }}>
      <FormGrid>
        <SelectField name="statement_format" label="Statement format" required options={mapOptions(STATEMENT_FORMATS)} />
        <CheckboxField name="statement_show_pending" label="Show pending charges" />
        <CheckboxField name="statement_show_summary" label="Show summary" />
        <Wide>
          <MultilineField name="statement_notes" label="Statement notes" rows={3} maxLength={4000} />
        </Wide>
      </FormGrid>
      {code ? <StatementView code={code} /> : <Text italic>The statement shows once the record is saved.</Text>}
    </div>
  );
}

function EmailLogsTab({ ctx }: { ctx: Ctx }) {
  const code = ctx.isNew ? null : codeOf(ctx.record);
  return code ? <EntityEmailLogs code={code} /> : <Text italic>E-mails show once the record is saved.</Text>;
}

const EMAIL_TO_TYPES_OF: Partial<Record<EntityType, EmailToType>> = { BUSINESS: 'BUSINESS', OWNER: 'OWNER', SUPPLIER: 'SUPPLIER', TENANT: 'TENANT' };

/** Send Email from the editor: to this party; an owner's statement offered as the attachment. */
function SendEmailAction({ ctx, type }: { ctx: Ctx; type: EntityType }) {
  const [open, setOpen] = useState(false);
  const code = ctx.isNew ? null : codeOf(ctx.record);
  const toType = EMAIL_TO_TYPES_OF[type];
  if (!code || !toType) return null;
  return (
    <>
      <div><Button size="small" onClick={() => setOpen(true)} data-testid="entity-send-email">Send Email</Button></div>
      <SendEmailDialog open={open} onClose={() => setOpen(false)} defaults={{ toType, toCode: code, statement: type === 'OWNER' }} />
    </>
  );
}

function NotesTab() {
  return <MultilineField name="notes" label="Notes" rows={10} maxLength={4000} />;
}

/**
 * Above the tabs: the party's balances bar, why delete is not offered, and which tabs hold
 * errors (a failed Save on one tab must not hide a message on another). It also tells the
 * editor whether a supplier is an agent, which decides the Agent Details tab.
 */
function EntityEditorHeader({ ctx, tabs, onAgentChange, type, withEmail }: { ctx: Ctx; tabs: readonly EntityTabId[]; onAgentChange: (agent: boolean) => void; type: EntityType; withEmail: boolean }) {
  const { control } = useFormContext();
  const isAgent = Boolean(useWatch({ control, name: 'is_agent' }));
  useEffect(() => onAgentChange(isAgent), [isAgent]);
  const { errors, submitCount } = useFormState({ control });
  const failing = submitCount > 0 ? tabsWithErrors(errors, tabs) : [];
  const refusal = deleteRefusal(ctx.record as never);
  const code = ctx.isNew ? null : codeOf(ctx.record);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalS }}>
      {code ? <EntityBalancesBar code={code} /> : null}
      {withEmail ? <SendEmailAction ctx={ctx} type={type} /> : null}
      {failing.length ? (
        <MessageBar intent="error" data-testid="entity-tab-errors">
          <MessageBarBody>Please correct the fields marked on: {failing.join(', ')}.</MessageBarBody>
        </MessageBar>
      ) : null}
      {refusal && !ctx.readOnly ? (
        <Text size={200} data-testid="entity-delete-refusal" style={{ color: tokens.colorNeutralForeground3 }}>
          Delete is not offered: {refusal}.
        </Text>
      ) : null}
    </div>
  );
}

export type EntityEditorConfig = Required<
  Pick<RecordEditorConfig<ListRecord>, 'schema' | 'fieldKinds' | 'defaults' | 'editorTabs' | 'editorTitle' | 'editorToolbar' | 'editorSize'>
> & Pick<RecordEditorConfig<ListRecord>, 'readOnly'>;

/**
 * The one editor of a party (spec 2 §2, §3 Entity, §5 Entity), for any type: the Owners,
 * Suppliers, Tenants and Unallocated Funds lists and the Business editor spread it into their
 * ListEditor. Tabs: Details, Agent Details (a supplier that is an agent), Disbursement (holds
 * and, for owners and pools, charge release override), Statement, Notes (not for BUSINESS).
 * Validation is the zod contract the route uses. Unallocated Funds is view-only: the party
 * has no category (none exists for its type), so the server cannot take its form.
 */
export function useEntityEditor(type: EntityType): EntityEditorConfig {
  const lookups = useLookups().data;
  const [isAgent, setIsAgent] = useState(false);
  const permissions = useCurrentUser().data?.permissions;
  const withEmail = Boolean(permissions && hasPermission(permissions, 'p_email'));
  const tabs = entityTabs(type, isAgent, withEmail);
  const render: Record<EntityTabId, (ctx: Ctx) => ReactElement> = {
    details: (ctx) => <DetailsTab ctx={ctx} type={type} lookups={lookups} />,
    agent: () => <AgentTab />,
    disbursement: (ctx) => <DisbursementTab ctx={ctx} type={type} lookups={lookups} />,
    statement: (ctx) => <StatementTab ctx={ctx} />,
    notes: () => <NotesTab />,
    emails: (ctx) => <EmailLogsTab ctx={ctx} />,
  };
  // Email Logs once the party is saved (a new one has no messages).
  const editorTabs: EditorTab<ListRecord>[] = tabs.map((id) => ({ value: id, label: ENTITY_TAB_LABELS[id], render: render[id], ...(id === 'emails' ? { visible: (ctx: Ctx) => !ctx.isNew } : {}) }));
  const label = ENTITY_TYPE_LABELS[type];
  // A party is changed with p_entities (the business also with p_mgt, from Setup). Tenants are
  // also listed for p_accounting alone (Accounts' Tenants has no flag of its own): such a user
  // sees them read only instead of meeting a refusal on save (issue 17).
  const mayChange = type === 'BUSINESS' || Boolean(permissions && hasPermission(permissions, 'p_entities'));
  return {
    schema: type === 'BUSINESS' ? businessEntityContract : entityContract,
    fieldKinds: ENTITY_FIELD_KINDS,
    defaults: () => newEntityValues(type),
    editorTabs,
    editorTitle: (record, isNew) => (isNew ? `Add ${label}` : `${label}: ${type === 'BUSINESS' ? '' : `${String(record?.code ?? '')} `}${String(record?.name ?? '')}`),
    editorToolbar: (ctx) => <EntityEditorHeader ctx={ctx} tabs={tabs} onAgentChange={setIsAgent} type={type} withEmail={withEmail} />,
    editorSize: 'large',
    readOnly: type === 'UNALLOC' || !mayChange ? true : undefined,
  };
}
