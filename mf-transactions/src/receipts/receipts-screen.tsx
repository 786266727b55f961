import { useMemo, useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Text, Textarea, tokens,
} from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { receiptContract, type CashbookRecord, type CashbookRow } from 'api/contracts/cashbook';
import {
  api, deleteFailureMessage, ListEditor, listQueryKey, notify, openServerPdf, TOAST_TIMEOUT, useControl, useLookups,
  type PartyEntity, type PartyUnit,
} from 'shared-ui';
import { CashbookExpanded, cashbookColumns, cashbookListKey, cashbookListProps, Clipped, type CashbookListRow } from '../reversal/cashbook-row.js';
import { ReversalDialog, type ReversalTarget } from '../reversal/reversal-dialog.js';
import { reasonAccepted, reasonMessage, REVERSAL_REASON_MESSAGE } from '../reversal/rules.js';
import { ReceiptEditor, type ReceiptLookups } from './receipt-editor.js';
import { methodText, newReceipt, receiptWire, rentConfirmation, type ReceiptForm } from './rules.js';

const LIST_KEY = cashbookListKey('Receipt');

// The route's own contract checks the form, after the form values become wire values.
const formSchema = z.preprocess((values) => receiptWire(values as ReceiptForm), receiptContract);

/** A posted receipt as the editor shows it (view only). */
function receiptForm(record: CashbookRecord): ReceiptForm {
  return {
    date: record.date, payer_type: record.payer_type ?? 'OTHER', payer_entity: record.payer_entity, payer: record.payer, payer_door: null,
    method: record.method, card_type: record.card_type, tran_ref: record.tran_ref, source_ref: record.source_ref, memo: record.memo,
    items: (record.items ?? []).map((i) => ({ id: i.id, selector: i.selector, ref: i.ref, entity: i.entity, door: i.door, description: i.description, amount: i.amount })),
  };
}

/**
 * 'CONFIRM DELETION' with YES and NO (spec 1 §4.3) for the newest receipt, with the reason its
 * number stays void for (the register shows it cancelled with the reason; issue 8 item 11).
 */
function DeleteReceiptDialog({ row, onClose }: { row: CashbookRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const remove = useMutation({
    mutationFn: () => api.delete<{ message?: string }>(`/api/cashbook/${row.id}?reason=${encodeURIComponent(reason.trim())}`, { quiet: true }),
    onSuccess: async (result) => {
      notify({ title: 'Record Deleted.', body: result.message, intent: 'warning', timeout: TOAST_TIMEOUT });
      await queryClient.invalidateQueries({ queryKey: listQueryKey(LIST_KEY) });
      onClose();
    },
  });
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && !remove.isPending && onClose()}>
      <DialogSurface style={{ maxWidth: 460 }} aria-label={`Delete Receipt ${row.ref}`}>
        <DialogBody>
          <DialogTitle>Delete Receipt {row.ref}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {remove.error ? (
              <MessageBar intent="error">
                <MessageBarBody>{deleteFailureMessage(remove.error, row as unknown as Record<string, unknown>, row.id)}</MessageBarBody>
              </MessageBar>
            ) : null}
            <Text>Deleting the newest receipt keeps its number void (shown as cancelled with the reason); the charges it paid become pending again.</Text>
            <Field label="Reason" required validationState={reasonMessage(reason) ? 'error' : 'none'} validationMessage={reasonMessage(reason)}>
              <Textarea rows={2} value={reason} placeholder={REVERSAL_REASON_MESSAGE} onChange={(_, d) => setReason(d.value)} maxLength={500} />
            </Field>
            <Text weight="semibold" style={{ color: tokens.colorPaletteRedForeground1 }}>
              CONFIRM DELETION
            </Text>
          </DialogContent>
          <DialogActions>
            <Button disabled={remove.isPending} onClick={onClose}>
              NO
            </Button>
            <Button appearance="primary" disabled={!reasonAccepted(reason) || remove.isPending} onClick={() => remove.mutate()}>
              YES
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Receipts (spec 2 §2 'Receipts'): money into the trust account, paged on the server, reversed with a reason, printed as trust account receipts. */
export default function ReceiptsScreen() {
  const lookups = useLookups().data;
  const control = useControl().data;
  const [reversing, setReversing] = useState<ReversalTarget | null>(null);
  const [deleting, setDeleting] = useState<CashbookRow | null>(null);

  const editorLookups: ReceiptLookups = useMemo(() => ({
    entities: (lookups?.entity ?? []) as unknown as PartyEntity[],
    units: (lookups?.unit ?? []) as unknown as PartyUnit[],
    accounts: (lookups?.account ?? []).filter((a) => !a.inactive).map((a) => ({ id: String(a.id), description: a.description ? String(a.description) : null })),
    cardTypes: lookups?.cardType ?? [],
    business: lookups?.business as { name?: string | null } | undefined,
  }), [lookups]);

  // The server draws the Trust Account Receipt (the layout of Reports' Receipts), under p_entry_receipts.
  const print = (id: number) => openServerPdf(`/api/cashbook/print/${id}`);

  const columns = cashbookColumns('Receipt', {
    method: { header: 'Method', field: 'method', width: 80, render: (r) => methodText(r.method, r.card_type) },
    payer: { header: 'Payer', field: 'payer', render: (r) => <Clipped text={r.payer} width={140} /> },
    detailsWidth: 190,
    extra: [{ header: 'Recipients', field: 'recipients', render: (r) => <Clipped text={r.recipients} width={110} /> }],
  });

  return (
    <>
      <ListEditor<CashbookListRow>
        {...cashbookListProps('Receipt')}
        deletePath="/api/cashbook"
        columns={columns}
        rowActions={(r) =>
          r.kind === 'RECEIPT' ? (
            <Button size="small" appearance="subtle" icon={<PrintRegular />} aria-label={`Print receipt ${r.ref}`} onClick={() => void print(r.id)} />
          ) : null
        }
        renderExpanded={(r) => (
          <CashbookExpanded row={r} kind="Receipt" onReverse={(row) => setReversing({ id: row.id, ref: row.ref })} onDelete={setDeleting} />
        )}
        schema={formSchema as never}
        fieldKinds={{ date: 'date' }}
        defaults={() => newReceipt(control?.today) as unknown as Record<string, unknown>}
        toForm={(record) => receiptForm(record as unknown as CashbookRecord) as unknown as Record<string, unknown>}
        savedNotice={(saved, _mode, message) => ({
          title: message,
          // A rent receipt: the rent account as it left it (spec 3 §2), as the printed receipt shows it.
          body: rentConfirmation(saved as unknown as CashbookRecord),
          intent: 'success',
          timeout: TOAST_TIMEOUT,
          action: { label: 'Print Receipt', onClick: () => void print(Number(saved.id)) },
        })}
        editorTitle={(record, isNew) => (isNew ? 'Add Receipt' : `Receipt ${String(record?.ref ?? '')}`)}
        editor={(ctx) => <ReceiptEditor {...ctx} lookups={editorLookups} onPrint={(id) => void print(id)} />}
      />
      {reversing ? <ReversalDialog kind="Receipt" target={reversing} listKey={LIST_KEY} onClose={() => setReversing(null)} /> : null}
      {deleting ? <DeleteReceiptDialog row={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
