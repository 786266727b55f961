import { describe, expect, it } from 'vitest';
import type { CashbookRecord } from 'api/contracts/cashbook';
import { pdfBytes } from '../charges/charge-pdf.js';
import { paymentDocument, paymentPdf } from './payment-pdf.js';

const payment: CashbookRecord = {
  id: 900, _pk: 900, kind: 'PAYMENT', date: '2026-03-20', ref: '311', banked: false, reconciled: false, source: 'MANUAL',
  method: 'CHQ', card_type: null, payer_type: 'OWNER', payer_entity: 'OWNSMITH', payer: 'OWNSMITH', payee: 'Reliable Plumbing',
  memo: 'Hot water system\nunit 101', tran_ref: '000123', source_ref: null, properties: '101', recipients: 'OWNSMITH', amount: 1250.4,
  reversed: false, reversal_ref: null, reversal_of_ref: null, _readonly: false, _candelete: false, _canreverse: true, door: '101',
};
const entities = [{ code: 'OWNSMITH', name: 'John Smith', address: '12 Ocean Parade', town: 'Noosa Heads', state: 'QLD', postcode: '4567' }];
const business = { code: 'BUSINESS', name: 'Seaside Holiday Lettings' };

describe('payment PDF', () => {
  it('is a memo from the payer ledger to the payee with the amount, method and cheque number', () => {
    const content = new TextDecoder('latin1').decode(pdfBytes(paymentPdf(payment, entities, business)));
    expect(content.startsWith('%PDF')).toBe(true);
    for (const s of ['PAYMENT MEMO', '311', '20/03/2026', 'John Smith', 'Reliable Plumbing', 'Hot water system', '$1,250.40', 'Cheque', '000123']) {
      expect(content, s).toContain(s);
    }
  });

  it("is an invoice for the business's own payment", () => {
    expect(paymentDocument({ ...payment, payer_type: 'BUSINESS', payer_entity: 'BUSINESS', payee: null }, entities, business)).toMatchObject({
      title: 'INVOICE', parties: [{ party: { name: 'Seaside Holiday Lettings' } }, { party: { name: 'Seaside Holiday Lettings' } }],
    });
  });
});
