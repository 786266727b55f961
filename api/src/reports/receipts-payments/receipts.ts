import { type InvoiceParty, memoPdf } from '../../documents/invoice.js';
import { type ReceiptSettings, type ReceiptToPrint, methodName, receiptDocument } from '../../documents/receipt.js';
import type { Db, ReportDefinition, ResolvedSelection } from '../definition.js';
import { ReportRefused } from '../definition.js';
import { type ReceiptRentState, rentOfReceipt } from '../../tenancies/tenancies.js';
import { plural } from './cash-book.js';

/** The receipts a reprint covers: the one numbered `ref`, or every receipt dated in the range. */
async function receiptsToPrint(db: Db, s: ResolvedSelection): Promise<ReceiptToPrint[]> {
  let q = db.selectFrom('txn as t').leftJoin('cashbook_detail as cd', 'cd.txn_id', 't.id')
    .select((eb) => [
      't.id', 't.ref', 't.date', 't.memo', 'cd.payer_entity', 'cd.surcharge', 'cd.surcharge_rate',
      eb.selectFrom('txn as r').select('r.ref').whereRef('r.reversal_of', '=', 't.id').limit(1).as('reversal_ref'),
    ])
    .where('t.kind', '=', 'RECEIPT');
  q = s.ref ? q.where('t.ref', '=', s.ref) : q.where('t.date', '>=', s.from).where('t.date', '<=', s.to);
  const txns = await q.orderBy('t.date').orderBy('t.id').execute();
  if (s.ref && !txns.length) {
    const voided = await db.selectFrom('receipt_void').select(['reason']).where('ref', '=', s.ref).executeTakeFirst();
    throw new ReportRefused(voided ? `Receipt ${s.ref} was deleted (${voided.reason}): its number is void` : `Receipt ${s.ref} not found`);
  }
  if (!txns.length) return [];
  const ids = txns.map((t) => t.id);
  const [cash, items, postings] = await Promise.all([
    db.selectFrom('cashbook').select(['txn_id', 'method', 'card_type', 'tran_ref', 'payer', 'amount']).where('txn_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('receipt_item').select(['txn_id', 'selector', 'ref', 'entity', 'door', 'description', 'amount']).where('txn_id', 'in', ids).orderBy('txn_id').orderBy('line').execute(),
    db.selectFrom('posting').select(['txn_id', 'account_id', 'entity', 'door', 'description', 'amount']).where('txn_id', 'in', ids).orderBy('id').execute(),
  ]);
  const group = <T extends { txn_id: string }>(rows: T[]) => {
    const by = new Map<string, T[]>();
    for (const r of rows) by.set(String(r.txn_id), [...(by.get(String(r.txn_id)) ?? []), r]);
    return by;
  };
  const rentTxns = new Set((await db.selectFrom('tenancy_charge as tc').innerJoin('charge as c', 'c.id', 'tc.charge_id').select('c.released_txn')
    .where('c.released_txn', 'in', ids).where('tc.kind', '=', 'RENT').execute()).map((r) => String(r.released_txn)));
  const paidTo = new Map<string, Map<string, string>>();
  const rentStates = new Map<string, ReceiptRentState[]>();
  for (const id of rentTxns) {
    const rent = await rentOfReceipt(db, id);
    paidTo.set(id, rent.paidToByCharge);
    rentStates.set(id, rent.states);
  }
  const cashBy = group(cash);
  const itemsBy = group(items);
  const postingsBy = group(postings);
  return txns.map((t) => {
    const lines = cashBy.get(String(t.id)) ?? [];
    const first = lines[0];
    const surcharge = Number(t.surcharge ?? 0);
    // Receipts entered on the screen keep their items as entered; others (the booking system's,
    // imported history) are read from their postings, which add up to the same cash.
    const own = itemsBy.get(String(t.id));
    const shown = own
      ? own.map((i) => ({ selector: i.selector, ref: i.ref, entity: i.entity, door: i.door, description: i.description, amount: Number(i.amount), paidTo: i.selector === 'CHARGE' ? paidTo.get(String(t.id))?.get(i.ref) ?? null : null }))
      : (postingsBy.get(String(t.id)) ?? []).map((p) => ({ selector: 'ACCOUNT', ref: p.account_id, entity: p.entity, door: p.door, description: p.description, amount: Number(p.amount) }));
    return {
      ref: t.ref, date: t.date, memo: t.memo, method: first?.method ?? '', card_type: first?.card_type ?? null, tran_ref: first?.tran_ref ?? null,
      payer: first?.payer ?? null, payer_entity: t.payer_entity ?? null,
      items: shown, surcharge: own ? surcharge : 0, surchargeRate: (t.surcharge_rate ?? 0) / 100,
      amount: lines.reduce((a, l) => a + Number(l.amount), 0), reversal_ref: t.reversal_ref ?? null,
      rent: rentStates.get(String(t.id)) ?? [],
    };
  });
}

export async function partiesOf(db: Db, codes: Iterable<string>): Promise<Map<string, InvoiceParty>> {
  const list = [...new Set(codes)];
  if (!list.length) return new Map();
  const rows = await db.selectFrom('entity').select(['code', 'name', 'address', 'town', 'state', 'postcode']).where('code', 'in', list).execute();
  return new Map(rows.map((r) => [r.code, r]));
}

async function receiptSettings(db: Db): Promise<ReceiptSettings> {
  const [settings, rent] = await Promise.all([
    db.selectFrom('control_setting').select(['key', 'value']).where('key', 'in', ['receipt_name', 'receipt_text', 'receipt_legal', 'rent_account']).execute(),
    db.selectFrom('account').select('id').where('type', '=', 'RENT').execute(),
  ]);
  const text = (k: string) => {
    const v = settings.find((s) => s.key === k)?.value;
    return typeof v === 'string' ? v : null;
  };
  return { receipt_name: text('receipt_name'), receipt_text: text('receipt_text'), receipt_legal: text('receipt_legal'), rent_account: text('rent_account'), rentAccounts: new Set(rent.map((r) => r.id)) };
}

/**
 * Receipts (spec 3 §2 'Reports'): reprints of Trust Account Receipts, one by its number or every
 * receipt dated in the range, as one PDF (a receipt a page) or a ZIP of one PDF per receipt with
 * the list as CSV. A reversed receipt is printed stamped REVERSED with its reversal's number; a
 * deleted receipt's number is refused with its reason.
 */
export const receiptsReprint: ReportDefinition = {
  key: 'receipts',
  async build({ db, selection, letterhead, reference }) {
    const receipts = await receiptsToPrint(db, selection);
    const [parties, settings] = await Promise.all([
      partiesOf(db, receipts.flatMap((r) => [...(r.payer_entity ? [r.payer_entity] : []), ...r.items.map((i) => i.entity)])),
      receiptSettings(db),
    ]);
    const documentOf = (r: ReceiptToPrint) => receiptDocument(r, parties, letterhead, settings);
    return {
      title: selection.ref ? `Trust Account Receipt ${selection.ref}` : 'Receipts',
      selectionLine: '',
      filename: selection.ref ? `Receipt-${selection.ref}` : undefined,
      sections: [{
        table: {
          columns: [
            { header: 'Receipt', value: (r) => r.ref, width: 10 },
            { header: 'Date', kind: 'date', value: (r) => r.date, width: 11 },
            { header: 'Received from', value: (r) => documentOf(r).parties[0]!.party.name, width: 30 },
            { header: 'Method', value: (r) => methodName(r.method, r.card_type), width: 16 },
            { header: 'Status', value: (r) => (r.reversal_ref ? `REVERSED (reversal ${r.reversal_ref})` : ''), width: 16 },
            { header: 'Amount', kind: 'money', value: (r) => r.amount, width: 13, total: true },
          ],
          rows: receipts,
          totalsLabel: plural(receipts.length, 'receipt'),
        },
      }],
      pdf: () => memoPdf(receipts.map(documentOf), reference),
      documents: function* () {
        for (const r of receipts) yield { name: `Receipt-${r.ref}`, pdf: () => memoPdf([documentOf(r)], reference) };
      },
    };
  },
};
