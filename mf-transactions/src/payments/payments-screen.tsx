import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import { paymentContract, type CashbookRecord } from 'api/contracts/cashbook';
import { ListEditor, openServerPdf, useControl, useLookups, type PartyEntity, type PartyUnit } from 'shared-ui';
import { CashbookExpanded, cashbookColumns, cashbookListKey, cashbookListProps, Clipped, type CashbookListRow } from '../reversal/cashbook-row.js';
import { ReversalDialog, type ReversalTarget } from '../reversal/reversal-dialog.js';
import { PaymentEditor, type PaymentLookups } from './payment-editor.js';
import { newPayment, paymentWire, printActionLabel, SAVED_MESSAGE_MS, type PaymentForm } from './rules.js';

// The route's own contract checks the form, after the form values become wire values.
const formSchema = z.preprocess((values) => paymentWire(values as PaymentForm), paymentContract);

/** A posted payment as the editor shows it (view only); the read answers the amount already negated. */
function paymentForm(record: CashbookRecord): PaymentForm {
  return {
    date: record.date, payer_type: record.payer_type ?? 'OWNER', payer_entity: record.payer_entity, door: record.door ?? null, method: record.method,
    amount: record.amount, memo: record.memo, tran_ref: record.tran_ref, source_ref: record.source_ref, payee: record.payee,
  };
}

/** Payments (spec 2 §2 'Payments'): money out of a ledger by EFT or cheque, by year and month, reversed with a reason. */
export default function PaymentsScreen() {
  const lookups = useLookups().data;
  const today = useControl().data?.today;
  const [reversing, setReversing] = useState<ReversalTarget | null>(null);
  const [canSave, setCanSave] = useState(false);
  const onSaveState = useCallback((enabled: boolean) => setCanSave(enabled), []);

  const editorLookups: PaymentLookups = useMemo(() => ({
    entities: (lookups?.entity ?? []) as unknown as PartyEntity[],
    units: (lookups?.unit ?? []) as unknown as PartyUnit[],
    business: lookups?.business as { name?: string | null } | undefined,
  }), [lookups]);

  // The server draws the invoice or payment memo.
  const print = (payment: CashbookRecord) => void openServerPdf(`/api/cashbook/print/${payment.id}`);
  const payerName = (code: string | null) => {
    const entity = editorLookups.entities.find((e) => e.code === code);
    return entity ? `${code} ${entity.name}` : (code ?? '');
  };
  const columns = cashbookColumns('Payment', {
    method: { header: 'Method', field: 'method', width: 60 },
    payer: { header: 'Payer', field: 'payer', render: (r) => <Clipped text={payerName(r.payer)} width={180} /> },
    detailsWidth: 280,
  });

  return (
    <>
      <ListEditor<CashbookListRow>
        {...cashbookListProps('Payment')}
        columns={columns}
        renderExpanded={(r) => <CashbookExpanded row={r} kind="Payment" onReverse={(row) => setReversing({ id: row.id, ref: row.ref })} />}
        saveDisabled={!canSave}
        schema={formSchema as never}
        fieldKinds={{ date: 'date', amount: 'number' }}
        defaults={() => newPayment(today) as unknown as Record<string, unknown>}
        toForm={(record) => paymentForm(record as unknown as CashbookRecord) as unknown as Record<string, unknown>}
        savedNotice={(saved, _mode, message) => {
          const payment = saved as unknown as CashbookRecord;
          return {
            title: message,
            intent: 'success',
            timeout: SAVED_MESSAGE_MS,
            action: { label: printActionLabel(payment, editorLookups.business?.name), onClick: () => print(payment) },
          };
        }}
        editorTitle={(record, isNew) => (isNew ? 'Add Payment' : `Payment ${String(record?.ref ?? '')}`)}
        editor={(ctx) => <PaymentEditor {...ctx} lookups={editorLookups} onPrint={print} onSaveState={onSaveState} />}
      />
      {reversing ? <ReversalDialog kind="Payment" target={reversing} listKey={cashbookListKey('Payment')} onClose={() => setReversing(null)} /> : null}
    </>
  );
}
