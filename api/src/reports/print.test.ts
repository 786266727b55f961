import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTables } from '../db/schema.js';
import { openPeriod } from '../ledger/ledger.js';
import { addTestParties } from '../testing/parties.js';
import { type TestApi, startTestApi } from '../testing/test-api.js';
import { createStaff } from '../users/test-support.js';
import { paymentIsInvoice } from '../contracts/cashbook.js';

let api: TestApi;
let db: Kysely<CompanyTables>;
let D: string;

beforeAll(async () => {
  api = await startTestApi();
  db = api.db.company('co_demotrust');
  await addTestParties(db);
  D = (await openPeriod(db)).first;
});
afterAll(() => api.close());

/** The PDF as the browser receives it: bytes whose text (jsPDF writes it uncompressed) we search. */
async function pdf(path: string, token?: string) {
  const headers: Record<string, string> = { 'X-Database': 'DEMOTRUST', Authorization: `Bearer ${token ?? (await api.signIn())}` };
  const res = await api.app.request(path, { headers });
  const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
  return { status: res.status, type: res.headers.get('Content-Type'), disposition: res.headers.get('Content-Disposition'), text };
}

describe('Print buttons: the server draws the document (issue 17)', () => {
  it('prints a receipt as its Trust Account Receipt, to the receipt clerk with only p_entry_receipts', async () => {
    const r = await api.call('POST', '/api/cashbook/receipt', {
      body: { date: D, payer_type: 'OWNER', payer_entity: 'OWNSMITH', method: 'EFT', memo: 'Owner contribution for repairs', tran_ref: 'EFT-9',
        items: [{ selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNSMITH', door: '101', description: 'Funds for repairs', amount: 123.45 }] },
    });
    expect(r.status).toBe(200);
    const clerk = await createStaff(api, 'PRINTRCPT', { p_entry_receipts: true });
    const out = await pdf(`/api/cashbook/print/${r.body.data.id}`, clerk);
    expect(out.status).toBe(200);
    expect(out.type).toBe('application/pdf');
    expect(out.disposition).toContain(`Receipt-${r.body.data.ref}.pdf`);
    expect(out.text.startsWith('%PDF')).toBe(true);
    for (const t of ['Trust Account Receipt', r.body.data.ref, '$123.45', 'Owner contribution for repairs', 'Bank Transfer']) expect(out.text).toContain(t);
    // Payments need their own flag; nothing is archived by a print.
    const payer = await createStaff(api, 'PRINTPAY', { p_entry_payments: true });
    expect((await pdf(`/api/cashbook/print/${r.body.data.id}`, payer)).status).toBe(403);
    expect((await pdf('/api/cashbook/print/999999', clerk)).status).toBe(404);
  });

  it('prints a charge as an INVOICE when the business receives it, else a MEMO; p_entry_charges', async () => {
    const base = { date: D, payer_type: 'OWNER', entity: 'OWNSMITH', door: '101', memo: 'Cleaning after stay', name: 'Cleaning', source_ref: 'INV-77', links: [] };
    const inv = await api.call('POST', '/api/charge', { body: { ...base, recipient_type: 'BUSINESS', recipient: 'BUSINESS', items: [{ account_id: 'CLEAN', amount: 55.5 }] } });
    const memo = await api.call('POST', '/api/charge', { body: { ...base, recipient_type: 'SUPPLIER', recipient: 'SUPPLUMB', memo: 'Plumbing repair', items: [{ account_id: 'REPAIRS', amount: 1234.5 }] } });
    expect([inv.status, memo.status], JSON.stringify([inv.body, memo.body])).toEqual([200, 200]);
    const a = await pdf(`/api/charge/print/${inv.body.data.id}`);
    expect(a.status).toBe(200);
    for (const t of ['INVOICE', inv.body.data.ref, '$55.50', 'Cleaning after stay']) expect(a.text).toContain(t);
    const b = await pdf(`/api/charge/print/${memo.body.data.id}`);
    for (const t of ['MEMO', '$1,234.50', 'Plumbing repair', 'REPAIRS']) expect(b.text).toContain(t);
    expect(b.text).not.toContain('INVOICE');
    const clerk = await createStaff(api, 'PRINTNOCHG', { p_entry_receipts: true });
    expect((await pdf(`/api/charge/print/${inv.body.data.id}`, clerk)).status).toBe(403);
    expect((await pdf('/api/charge/print/999999')).status).toBe(404);
  });

  it('prints a payment as a PAYMENT MEMO, or an INVOICE when the business is its recipient (payee)', async () => {
    const pay = (payee: string | null) => api.call('POST', '/api/cashbook/payment', {
      body: { date: D, payer_type: 'OWNER', payer_entity: 'OWNSMITH', door: '101', method: 'CHQ', amount: 12.34, memo: 'Hot water system', tran_ref: '000123', payee },
    });
    const memo = await pay('Reliable Plumbing');
    expect(memo.status).toBe(200);
    const a = await pdf(`/api/cashbook/print/${memo.body.data.id}`);
    expect(a.status).toBe(200);
    for (const t of ['PAYMENT MEMO', memo.body.data.ref, '$12.34', 'Reliable Plumbing', 'Hot water system', 'Cheque No', '000123']) expect(a.text).toContain(t);
    const inv = await pay('BUSINESS');
    const b = await pdf(`/api/cashbook/print/${inv.body.data.id}`);
    expect(b.text).toContain('INVOICE');
    expect(b.disposition).toContain(`Invoice-${inv.body.data.ref}.pdf`);
    const receiptsOnly = await api.signIn('PRINTRCPT', 'printrcpt-password');
    expect((await pdf(`/api/cashbook/print/${inv.body.data.id}`, receiptsOnly)).status).toBe(403);
  });

  it('a payment is an invoice when its payee is the business, by code or by name', () => {
    expect(paymentIsInvoice({ payee: 'business' }, 'Demo Trust')).toBe(true);
    expect(paymentIsInvoice({ payee: ' demo trust ' }, 'Demo Trust')).toBe(true);
    expect(paymentIsInvoice({ payee: 'Reliable Plumbing' }, 'Demo Trust')).toBe(false);
    expect(paymentIsInvoice({ payee: null }, 'Demo Trust')).toBe(false);
  });
});
