import { useEffect, type CSSProperties } from 'react';
import { MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import type { CashbookRecord } from 'api/contracts/cashbook';
import {
  DateField, EntityBalancesBar, MoneyField, MultilineField, PartySelector, SelectField, TextField, useEntityBalance, useFieldsReadOnly, useWatch,
  type EditorContext, type ListRecord, type PartyEntity, type PartyUnit, type PartyValue,
} from 'shared-ui';
import { PostedNote } from '../reversal/cashbook-row.js';
import { amountCents, METHOD_OPTIONS, PAYER_TYPES, paymentSaveState, printActionLabel, type PaymentForm } from './rules.js';

export interface PaymentLookups {
  entities: PartyEntity[];
  units: PartyUnit[];
  business: { name?: string | null } | undefined;
}

const grid: CSSProperties = { display: 'grid', gap: '8px 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))', alignItems: 'start' };

function payerParty(values: PaymentForm, lookups: PaymentLookups): PartyValue | null {
  if (!values.payer_entity) return null;
  const entity = lookups.entities.find((e) => e.code === values.payer_entity);
  const name = values.payer_type === 'BUSINESS' ? (lookups.business?.name ?? entity?.name ?? 'BUSINESS') : (entity?.name ?? values.payer_entity);
  return { type: values.payer_type as PartyValue['type'], code: values.payer_entity, door: values.door, name, text: '', balance: null };
}

/**
 * The payment editor body (spec 2 §3 'Payment', §5 'Payment'): the payer (business, owner and
 * unit, or supplier), EFT or cheque, payee details and amount. It reports whether Save may be
 * enabled: an amount above 0 within the payer's ledger balance.
 */
export function PaymentEditor({ form, record, readOnly, lookups, onPrint, onSaveState }: EditorContext<ListRecord> & {
  lookups: PaymentLookups;
  onPrint: (payment: CashbookRecord) => void;
  onSaveState: (enabled: boolean) => void;
}) {
  const roFields = useFieldsReadOnly() || readOnly;
  const values = useWatch({ control: form.control }) as PaymentForm;
  const payment = record as unknown as CashbookRecord | null;
  const balance = useEntityBalance(roFields ? null : values.payer_entity, values.payer_type === 'OWNER' ? values.door : null);
  const save = paymentSaveState({ readOnly: roFields, amountCents: amountCents(values.amount), ledgerCents: balance.data?.ledger ?? null });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const set = (name: string, value: unknown) => form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  useEffect(() => onSaveState(save.enabled), [save.enabled, onSaveState]);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {payment ? (
        <PostedNote kind="Payment" record={payment} printLabel={payment.kind === 'PAYMENT' ? printActionLabel(payment, lookups.business?.name) : null} onPrint={() => onPrint(payment)} />
      ) : null}
      <div style={grid}>
        <div>
          <PartySelector
            label="Payer Entity"
            types={PAYER_TYPES}
            value={payerParty(values, lookups)}
            onChange={(party) => {
              set('payer_type', party.type);
              set('payer_entity', party.code);
              set('door', party.door);
              form.clearErrors(['payer_type', 'payer_entity', 'door']);
            }}
            entities={lookups.entities}
            units={lookups.units}
            business={lookups.business}
            disabled={roFields}
          />
          {errors.payer_entity?.message || errors.door?.message || errors.payer_type?.message ? (
            <Text size={200} style={{ color: tokens.colorPaletteRedForeground1 }}>{errors.payer_entity?.message ?? errors.door?.message ?? errors.payer_type?.message}</Text>
          ) : null}
        </div>
        <DateField name="date" label="Date" required />
        <SelectField name="method" label="Payment Method" required options={METHOD_OPTIONS} />
        <MoneyField name="amount" label="Amount" required min={0} />
        <TextField name="payee" label="Payee" placeholder="Name on the transfer or cheque" maxLength={200} />
        <TextField name="tran_ref" label={values.method === 'CHQ' ? 'Cheque No' : 'Transaction Ref'} maxLength={100} />
        <TextField name="source_ref" label="Source Ref" maxLength={100} />
      </div>
      <MultilineField name="memo" label="Details" required rows={2} maxLength={2000} />
      {!roFields && values.payer_entity ? <EntityBalancesBar code={values.payer_entity} door={values.payer_type === 'OWNER' ? values.door : null} /> : null}
      {save.reason ? (
        <MessageBar intent="info" data-testid="payment-save-reason">
          <MessageBarBody>{save.reason}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
