import type { ChargeStatus } from '../../contracts/charges.js';
import { type InvoiceCharge, invoiceDocument, memoPdf } from '../../documents/invoice.js';
import { plural } from '../receipts-payments/cash-book.js';
import { partiesOf } from '../receipts-payments/receipts.js';
import type { ReportDefinition } from '../definition.js';
import { ReportRefused } from '../definition.js';

/**
 * Invoices (spec 3 §2 'Reports'; spec 2 §2 'Charges'): reprints of charges, one by its number or
 * every charge dated in the range, each as the Charges screen's Print Invoice shows it (an INVOICE when
 * the business receives it, else a MEMO; api/src/documents/invoice.ts), one PDF a charge a page, or
 * a ZIP of one PDF each with the list as CSV. Cancelled charges keep their number and are stamped.
 */
export const invoices: ReportDefinition = {
  key: 'invoice',
  async build({ db, selection, letterhead, reference }) {
    let q = db.selectFrom('charge as ch').leftJoin('txn as t', 't.id', 'ch.released_txn')
      .select(['ch.id', 'ch.ref', 'ch.date', 'ch.entity', 'ch.door', 'ch.recipient_type', 'ch.recipient', 'ch.recipient_door', 'ch.source_ref', 'ch.memo', 'ch.name', 'ch.status', 't.ref as released_ref']);
    q = selection.ref ? q.where('ch.ref', '=', selection.ref) : q.where('ch.date', '>=', selection.from).where('ch.date', '<=', selection.to);
    const headers = await q.orderBy('ch.date').orderBy('ch.id').execute();
    if (selection.ref && !headers.length) throw new ReportRefused(`Invoice ${selection.ref} not found`);
    const items = headers.length
      ? await db.selectFrom('charge_item').select(['charge_id', 'account_id', 'recipient_entity', 'door', 'description', 'amount']).where('charge_id', 'in', headers.map((h) => h.id)).orderBy('id').execute()
      : [];
    const charges: InvoiceCharge[] = headers.map((h) => ({
      ...h, status: h.status as ChargeStatus, released_ref: h.released_ref ?? null,
      items: items.filter((i) => String(i.charge_id) === String(h.id)).map((i) => ({ ...i, amount: Number(i.amount) })),
    }));
    const parties = await partiesOf(db, charges.flatMap((c) => [c.entity, c.recipient, ...c.items.map((i) => i.recipient_entity)]));
    const documentOf = (c: InvoiceCharge) => invoiceDocument(c, parties, letterhead);
    const total = (c: InvoiceCharge) => c.items.reduce((a, i) => a + i.amount, 0);
    return {
      title: selection.ref ? `Invoice ${selection.ref}` : 'Invoices',
      selectionLine: '',
      filename: selection.ref ? `Invoice-${selection.ref}` : undefined,
      sections: [{
        table: {
          columns: [
            { header: 'Invoice', value: (c) => c.ref, width: 9 },
            { header: 'Date', kind: 'date', value: (c) => c.date, width: 11 },
            { header: 'Type', value: (c) => (c.recipient_type === 'BUSINESS' ? 'INVOICE' : 'MEMO'), width: 9 },
            { header: 'Charged to', value: (c) => c.entity, width: 12 },
            { header: 'Door', value: (c) => c.door ?? '', width: 7 },
            { header: 'Payable to', value: (c) => c.recipient, width: 12 },
            { header: 'Details', value: (c) => c.memo.split(/\r?\n/)[0] ?? '', width: 25 },
            { header: 'Status', value: (c) => c.status, width: 10 },
            // Cancelled charges owe nothing: the total is what is charged, as the charges list totals it.
            { header: 'Amount', kind: 'money', value: (c) => (c.status === 'CANCELLED' ? 0 : total(c)), width: 13, total: true },
          ],
          rows: charges,
          totalsLabel: plural(charges.length, 'charge'),
        },
      }],
      pdf: () => memoPdf(charges.map(documentOf), reference),
      documents: function* () {
        for (const c of charges) yield { name: `${c.recipient_type === 'BUSINESS' ? 'Invoice' : 'Memo'}-${c.ref}`, pdf: () => memoPdf([documentOf(c)], reference) };
      },
    };
  },
};
