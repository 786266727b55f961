import { Button, Caption1, Link, makeStyles, MessageBar, MessageBarBody, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, PrintRegular } from '@fluentui/react-icons';
import type { ChargeFull } from 'api/contracts/charges';
import type { CSSProperties, ReactNode } from 'react';
import {
  DateField, formatCents, MoneyField, MultilineField, PartySelector, SelectField, TextField, useFieldArray, useControl, useFieldsReadOnly, useWatch,
  type EditorContext, type ListRecord, type PartyType, type PartyValue, type SelectOption,
} from 'shared-ui';
import type { LedgerLookups } from '../ledger-lookups.js';
import { chargeTotalCents, doorOptions, memoFirstLine, newItem, partyOf, payerTypes, printActionLabel, RECIPIENT_TYPES, statusLabel, type ChargeForm, type ChargeItemForm } from './rules.js';

export type ChargeLookups = LedgerLookups;

// Grid cells may shrink below their content: a select is otherwise as wide as its longest option.
const shrinkable = { '& > *': { minWidth: 0 }, '& select, & input, & .fui-Input, & .fui-Select': { minWidth: 0, maxWidth: '100%' } };
const useStyles = makeStyles({
  grid: { display: 'grid', gap: '8px 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))', alignItems: 'start', ...shrinkable },
  lineGrid: { display: 'grid', gap: '4px 8px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 150px), 1fr))', alignItems: 'end', flex: 1, minWidth: 0, ...shrinkable },
});
const lineBox: CSSProperties = { display: 'flex', gap: 8, alignItems: 'flex-end', padding: 8, borderRadius: 4, border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground2 };
const section: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 8, marginTop: 16 };

function SectionHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
      <Subtitle2>{title}</Subtitle2>
      {children}
    </div>
  );
}

const errorText = (message: unknown) =>
  typeof message === 'string' && message ? <Text size={200} style={{ color: tokens.colorPaletteRedForeground1 }}>{message}</Text> : null;

/** The charge editor body (spec 2 §3 'Charge'): payer and recipient, details, items and links. */
export function ChargeEditor({ form, record, readOnly, lookups, onPrint }: EditorContext<ListRecord> & { lookups: ChargeLookups; onPrint: (charge: ChargeFull) => void }) {
  const styles = useStyles();
  const roFields = useFieldsReadOnly() || readOnly;
  const values = useWatch({ control: form.control }) as Partial<ChargeForm>;
  const items = useFieldArray({ control: form.control, name: 'items' });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const errors = form.formState.errors as Record<string, { message?: string; root?: { message?: string } } | undefined>;
  const charge = record as unknown as ChargeFull | null;
  const firstLine = memoFirstLine(values.memo);
  const entities = lookups.entities;
  const recipients: SelectOption[] = entities
    .filter((e) => RECIPIENT_TYPES.includes(e.type as never) && !e.inactive)
    .map((e) => ({ value: e.code, label: e.code === 'BUSINESS' ? 'BUSINESS' : `${e.code} - ${e.name}` }));
  const set = (name: string, value: unknown) => form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const choosePayer = (p: PartyValue) => {
    set('payer_type', p.type);
    set('entity', p.code ?? '');
    set('door', p.door);
  };
  const chooseRecipient = (p: PartyValue) => {
    const previous = values.recipient;
    set('recipient_type', p.type);
    set('recipient', p.code ?? '');
    set('recipient_door', p.door);
    // Items that went to the previous recipient follow the header.
    (values.items ?? []).forEach((item, i) => {
      if (!item?.recipient_entity || item.recipient_entity === previous) set(`items.${i}.recipient_entity`, p.code ?? '');
    });
  };

  const businessName = lookups.business?.name ?? undefined;
  const poolsEnabled = (useControl().data as { enable_pools?: boolean } | undefined)?.enable_pools;
  const partyField = (label: string, types: readonly PartyType[], value: PartyValue | null, onChange: (p: PartyValue) => void, error: unknown) => (
    <div>
      <PartySelector label={label} types={types} value={value} onChange={onChange} entities={entities} units={lookups.units} business={lookups.business} disabled={roFields} />
      {errorText(error)}
    </div>
  );

  return (
    <div>
      {charge ? (
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', marginBottom: 8 }}>
          <Text weight="semibold">Charge {charge.ref}</Text>
          <Text>Status: {statusLabel(charge.flag)}</Text>
          {charge.released_ref ? <Text>Released by {charge.released_ref}</Text> : null}
          <Button size="small" icon={<PrintRegular />} onClick={() => onPrint(charge)}>
            {printActionLabel(charge.recipient_type)}
          </Button>
        </div>
      ) : null}
      <div className={styles.grid}>
        {partyField('Payer', payerTypes(poolsEnabled), partyOf(values.payer_type ?? 'OWNER', values.entity, values.door, entities, businessName), choosePayer, errors.entity?.message ?? errors.door?.message)}
        {partyField(
          'Recipient',
          RECIPIENT_TYPES,
          partyOf(values.recipient_type ?? 'BUSINESS', values.recipient, values.recipient_door, entities, businessName),
          chooseRecipient,
          errors.recipient?.message ?? errors.recipient_door?.message,
        )}
        <DateField name="date" label="Date" required />
        <TextField name="name" label="Name" required maxLength={100} />
        <TextField name="source_ref" label="Receiver Ref / Invoice No" maxLength={100} />
      </div>
      <div style={{ marginTop: 8 }}>
        <MultilineField name="memo" label="Details" required rows={3} maxLength={2000} />
      </div>

      <div style={section}>
        <SectionHeader title="Charge Items">
          {!roFields ? (
            <Button size="small" icon={<AddRegular />} onClick={() => items.append(newItem({ recipient: values.recipient ?? '', recipient_type: values.recipient_type ?? 'BUSINESS', door: values.door ?? null, recipient_door: values.recipient_door ?? null }))}>
              Add Item
            </Button>
          ) : null}
          <Text weight="semibold" style={{ marginLeft: 'auto' }} data-testid="charge-total">
            Total {formatCents(chargeTotalCents((values.items ?? []) as ChargeItemForm[]))}
          </Text>
        </SectionHeader>
        {errors.items?.message || errors.items?.root?.message ? (
          <MessageBar intent="error">
            <MessageBarBody>{errors.items?.message ?? errors.items?.root?.message}</MessageBarBody>
          </MessageBar>
        ) : null}
        {items.fields.length === 0 ? <Caption1>No items yet.</Caption1> : null}
        {items.fields.map((field, i) => {
          const item = values.items?.[i];
          const recipientIsOwner = entities.find((e) => e.code === item?.recipient_entity)?.type === 'OWNER';
          return (
            <div key={field.id} style={lineBox} data-testid="charge-item">
              <div className={styles.lineGrid}>
                <SelectField name={`items.${i}.account_id`} label="Account" required placeholder="Select an account" options={lookups.accounts} />
                <SelectField name={`items.${i}.recipient_entity`} label="Recipient" required options={recipients} />
                <SelectField name={`items.${i}.door`} label="Unit (door)" placeholder="No unit" options={doorOptions(lookups.units, recipientIsOwner ? item?.recipient_entity : null)} />
                <TextField name={`items.${i}.description`} label="Description" placeholder={firstLine || 'From Details'} maxLength={200} />
                <MoneyField name={`items.${i}.amount`} label="Amount" required min={0} />
              </div>
              {!roFields ? <Button aria-label={`Remove item ${i + 1}`} icon={<DeleteRegular />} onClick={() => items.remove(i)} /> : null}
            </div>
          );
        })}
      </div>

      <div style={section}>
        <SectionHeader title="Links">
          {!roFields ? (
            <Button size="small" icon={<AddRegular />} onClick={() => links.append({ id: null, name: '', link: '' })}>
              Add Link
            </Button>
          ) : null}
        </SectionHeader>
        {links.fields.map((field, i) => (
          <div key={field.id} style={lineBox}>
            <div className={styles.lineGrid}>
              <TextField name={`links.${i}.name`} label="Name" required maxLength={200} />
              <TextField name={`links.${i}.link`} label="Link Address" required type="url" />
            </div>
            {roFields ? (
              <Link href={values.links?.[i]?.link} target="_blank" rel="noreferrer">Open</Link>
            ) : (
              <Button aria-label={`Remove link ${i + 1}`} icon={<DeleteRegular />} onClick={() => links.remove(i)} />
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
