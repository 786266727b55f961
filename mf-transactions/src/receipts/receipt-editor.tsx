import type { CSSProperties } from 'react';
import { Button, Caption1, MessageBar, MessageBarBody, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import type { CashbookRecord } from 'api/contracts/cashbook';
import {
  api, ChargeOrPayeeSelector, DateField, EntityBalancesBar, formatCents, MoneyField, MultilineField, PartySelector, SelectField, TextField,
  useFieldArray, useFieldsReadOnly, useWatch, type EditorContext, type ListRecord, type OpenCharge, type PartyEntity, type PartyUnit,
  type SelectOption,
} from 'shared-ui';
import { PostedNote } from '../reversal/cashbook-row.js';
import {
  cardSurcharge, chargesForLine, itemFromPick, itemsTotalCents, METHOD_OPTIONS, newItem, PAYER_TYPES, payerParty, pickOf, surchargeCents,
  withPayer, type ReceiptForm,
} from './rules.js';

export interface ReceiptLookups {
  entities: PartyEntity[];
  units: PartyUnit[];
  accounts: { id: string; description?: string | null }[];
  cardTypes: Record<string, unknown>[];
  business: { name?: string | null } | undefined;
}

const grid: CSSProperties = { display: 'grid', gap: '8px 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))', alignItems: 'start' };
const lineGrid: CSSProperties = { display: 'grid', gap: '4px 8px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))', alignItems: 'end', flex: 1 };
const lineBox: CSSProperties = { display: 'flex', gap: 8, alignItems: 'flex-end', padding: 8, borderRadius: 4, border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground2 };

const errorText = (message: unknown) =>
  typeof message === 'string' && message ? <Text size={200} style={{ color: tokens.colorPaletteRedForeground1 }}>{message}</Text> : null;

type Errors = Record<string, { message?: string; root?: { message?: string } } | undefined> & {
  items?: { message?: string; root?: { message?: string } } & Record<number, Record<string, { message?: string } | undefined> | undefined>;
};

/** The payer's pending charges a receipt may pay (GET /api/charge/lookup). */
function useOpenCharges(payer: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['charge-lookup', payer],
    enabled: Boolean(payer) && enabled,
    queryFn: () => api.get<{ data: OpenCharge[] }>('/api/charge/lookup', { query: { payer: payer ?? '' } }).then((r) => r.data ?? []),
  });
}

/**
 * The receipt editor body (spec 2 §3 'Receipt', §5 'Receipt'): payer through the party selector
 * (or OTHER with name and address), method and card type with its surcharge, and items against
 * the payer's pending charges or against an account for a party and door.
 */
export function ReceiptEditor({ form, record, readOnly, lookups, onPrint }: EditorContext<ListRecord> & { lookups: ReceiptLookups; onPrint: (id: number) => void }) {
  const roFields = useFieldsReadOnly() || readOnly;
  const values = useWatch({ control: form.control }) as ReceiptForm;
  const items = useFieldArray({ control: form.control, name: 'items' });
  const errors = form.formState.errors as unknown as Errors;
  const receipt = record as unknown as CashbookRecord | null;
  const charges = useOpenCharges(values.payer_entity, !roFields).data ?? [];
  const set = (name: string, value: unknown) => form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const rate = receipt ? (receipt.surcharge ?? 0) : cardSurcharge(values.method, values.card_type, lookups.cardTypes);
  const itemsCents = itemsTotalCents(values.items ?? []);
  const surcharge = receipt ? Math.round((receipt.surchargeAmount ?? 0) * 100) : surchargeCents(itemsCents, rate);
  const cardOptions: SelectOption[] = lookups.cardTypes
    .filter((c) => !c.inactive || c.code === values.card_type)
    .map((c) => ({ value: String(c.code), label: `${String(c.code)} - ${String(c.name ?? '')} (${Number(c.surcharge_payer ?? 0)}%)` }));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {receipt ? <PostedNote kind="Receipt" record={receipt} printLabel={receipt.kind === 'RECEIPT' ? 'Print Receipt' : null} onPrint={() => onPrint(receipt.id)} /> : null}
      <div style={grid}>
        <div>
          <PartySelector
            label="Payer"
            types={PAYER_TYPES}
            value={payerParty(values, lookups.entities, lookups.business?.name)}
            onChange={(party) => {
              const next = withPayer(values, party);
              for (const [k, v] of Object.entries(next)) set(k, v);
              form.clearErrors(['payer_type', 'payer_entity', 'payer']);
            }}
            entities={lookups.entities}
            units={lookups.units}
            business={lookups.business}
            disabled={roFields}
          />
          {errorText(errors.payer_entity?.message ?? errors.payer?.message ?? errors.payer_type?.message)}
        </div>
        <DateField name="date" label="Date" required />
        <SelectField name="method" label="Payment Method" required options={METHOD_OPTIONS} />
        {values.method === 'CARD' ? (
          <div>
            <SelectField name="card_type" label="Card Type" required placeholder="Select a card type" options={cardOptions} />
            <Caption1 data-testid="receipt-surcharge-rate">Surcharge {rate}% paid by the payer</Caption1>
          </div>
        ) : null}
        <TextField name="tran_ref" label="Transaction Ref" maxLength={100} />
        <TextField name="source_ref" label="Source Ref" maxLength={100} />
      </div>
      <MultilineField name="memo" label="Details" required rows={2} maxLength={2000} />
      {values.payer_type !== 'OTHER' && values.payer_entity && !receipt ? <EntityBalancesBar code={values.payer_entity} door={values.payer_door} /> : null}

      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Subtitle2>Receipt Items</Subtitle2>
        {!roFields ? (
          <Button size="small" icon={<AddRegular />} onClick={() => items.append(newItem(values))}>
            Add Item
          </Button>
        ) : null}
        <Text style={{ marginLeft: 'auto' }} data-testid="receipt-total">
          Items {formatCents(itemsCents)}
          {surcharge ? ` + surcharge ${formatCents(surcharge)}` : ''} = <b>{formatCents(itemsCents + surcharge)}</b>
        </Text>
      </div>
      {errors.items?.message || errors.items?.root?.message ? (
        <MessageBar intent="error">
          <MessageBarBody>{errors.items?.message ?? errors.items?.root?.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      {items.fields.length === 0 ? <Caption1>No items yet: add one for each charge paid or account credited.</Caption1> : null}
      {items.fields.map((field, i) => {
        const item = values.items?.[i];
        const lineErrors = errors.items?.[i];
        return (
          <div key={field.id} style={lineBox} data-testid="receipt-item">
            <div style={lineGrid}>
              <div>
                <ChargeOrPayeeSelector
                  label="Charge or Account"
                  value={pickOf(item, lookups.entities, charges)}
                  onChange={(pick) => {
                    set(`items.${i}`, itemFromPick(item!, pick, values.payer_entity));
                    form.clearErrors([`items.${i}.selector`, `items.${i}.ref`, `items.${i}.entity`]);
                  }}
                  payer={values.payer_type === 'OTHER' ? null : { type: values.payer_type, code: values.payer_entity, door: values.payer_door }}
                  openCharges={chargesForLine(charges, values.items ?? [], i)}
                  entities={lookups.entities}
                  units={lookups.units}
                  accounts={lookups.accounts}
                  disabled={roFields}
                />
                {item?.entity ? <Caption1 block>Credits {item.entity}{item.door ? ` / ${item.door}` : ''}</Caption1> : null}
                {errorText(lineErrors?.selector?.message ?? lineErrors?.ref?.message ?? lineErrors?.entity?.message)}
              </div>
              <TextField name={`items.${i}.description`} label="Description" required placeholder={values.memo?.split(/\r?\n/)[0] || 'From Details'} maxLength={200} />
              <MoneyField name={`items.${i}.amount`} label="Receipt Amount" required min={0} disabled={item?.selector === 'CHARGE'} />
            </div>
            {!roFields ? <Button aria-label={`Remove item ${i + 1}`} icon={<DeleteRegular />} onClick={() => items.remove(i)} /> : null}
          </div>
        );
      })}
    </div>
  );
}
