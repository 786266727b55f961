import { useState } from 'react';
import { Field, Select } from '@fluentui/react-components';
import { z } from 'zod';
import { CHARGE_STATUSES, chargeContract, type ChargeFull, type ChargeRow } from 'api/contracts/charges';
import {
  formatMoney, ListEditor, openServerPdf, useControl, type ListColumn, type ListRecord,
} from 'shared-ui';
import { useLedgerLookups } from '../ledger-lookups.js';
import { ChargeEditor } from './charge-editor.js';
import { chargeWire, doorWarning, memoFirstLine, printActionLabel, removedIds, STATUS_LABELS, statusLabel, type ChargeForm } from './rules.js';

/** Spec 9: a saved charge's message stays 8 seconds. */
const SAVED_MESSAGE_MS = 8000;

// The route's own contract checks the form, after the form values become wire values.
const formSchema = z.preprocess((values) => chargeWire(values as ChargeForm), chargeContract);

type Row = ChargeRow & ListRecord;

/** Long text in a list cell ends in an ellipsis, so the amount and status stay on screen. */
const clipped = (text: string, width: number) => (
  <span title={text} style={{ display: 'inline-block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' }}>{text}</span>
);

const columns: ListColumn<Row>[] = [
  { header: 'Ref', field: 'ref', width: 70 },
  { header: 'Date', field: 'date', kind: 'date', width: 95 },
  { header: 'Payer', field: 'entity', render: (r) => (r.door ? `${r.entity} / ${r.door}` : r.entity) },
  { header: 'Recipient', field: 'recipient', render: (r) => clipped(r.recipientname ?? r.recipient, 150) },
  { header: 'Accounts', field: 'accounts', render: (r) => clipped(r.accounts.join(', '), 120) },
  { header: 'Details', field: 'memo', render: (r) => clipped(memoFirstLine(r.memo), 180) },
  { header: 'Amount', field: 'amount', kind: 'money' },
  { header: 'Status', field: 'status', render: (r) => statusLabel(r.status) },
];

/** Charges (spec 2 §2): payables from a payer to a recipient, pending until released; invoice or memo print. */
export default function ChargesScreen() {
  const today = useControl().data?.today;
  const [status, setStatus] = useState('');

  const chargeLookups = useLedgerLookups();

  // The server draws the invoice or memo (the layout of Reports' Invoices).
  const print = (charge: ChargeFull) => void openServerPdf(`/api/charge/print/${charge.id}`);

  return (
    <ListEditor<Row>
      title="Charges"
      listPath="/api/charge/list"
      path="/api/charge"
      readPath="/api/charge/full"
      keyField="id"
      serverPaging
      query={{ status: status || undefined }}
      columns={columns}
      filters={{ period: true }}
      totals={['amount']}
      toolbarExtra={() => (
        <Field label="Status" orientation="horizontal" size="small">
          <Select size="small" value={status} onChange={(_, d) => setStatus(d.value)} aria-label="Status">
            <option value="">All</option>
            {CHARGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      schema={formSchema as never}
      fieldKinds={{ date: 'date' }}
      defaults={() => ({
        date: today ?? new Date(),
        payer_type: 'OWNER', entity: '', door: null,
        recipient_type: 'BUSINESS', recipient: 'BUSINESS', recipient_door: null,
        source_ref: '', memo: '', name: '', items: [], links: [],
      })}
      // The form holds the contract's output; the removed saved lines go with it.
      toBody={(values, record) => {
        const charge = record as unknown as ChargeFull | null;
        const v = values as { items: { id?: number | null }[]; links: { id?: number | null }[] };
        return { ...values, _deleted: removedIds(charge?.items, v.items), _deletedlinks: removedIds(charge?.links, v.links) };
      }}
      saveWarning={(values) => doorWarning((values as unknown as ChargeForm).items ?? [])}
      savedNotice={(saved, _mode, message) => {
        const charge = saved as unknown as ChargeFull;
        return {
          title: message,
          body: `Charge ${charge.ref} for ${formatMoney(charge.chargeTotal)} from ${charge.entity} to ${charge.recipient}`,
          intent: 'success',
          timeout: SAVED_MESSAGE_MS,
          action: { label: printActionLabel(charge.recipient_type), onClick: () => print(charge) },
        };
      }}
      editorTitle={(record, isNew) => (isNew ? 'Add Charge' : `Charge ${String(record?.ref ?? '')}`)}
      editor={(ctx) => <ChargeEditor {...ctx} lookups={chargeLookups} onPrint={print} />}
    />
  );
}
