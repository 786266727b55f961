import { describe, expect, it } from 'vitest';
import type { CashbookRecord } from 'api/contracts/cashbook';
import { pdfBytes } from '../charges/charge-pdf.js';
import { receiptDocument, receiptPdf, rentPaidTo } from './receipt-pdf.js';

const receipt: CashbookRecord = {
  id: 501, _pk: 501, kind: 'RECEIPT', date: '2026-03-14', ref: '1207', banked: false, reconciled: false, source: 'MANUAL',
  method: 'CARD', card_type: 'VISA', payer_type: 'TENANT', payer_entity: 'TENBROWN', payer: 'Bill Brown', payee: null,
  memo: 'Rent for March\nthank you', tran_ref: 'TX-88', source_ref: null, properties: '101', recipients: 'OWNSMITH, BUSINESS',
  amount: 1012, reversed: false, reversal_ref: null, reversal_of_ref: null, _readonly: false, _candelete: true, _canreverse: true,
  items: [{ id: 1, selector: 'ACCOUNT', ref: 'RENT', entity: 'OWNSMITH', door: '101', description: 'Rent 03/2026', gross: 1000, amount: 1000 }],
  surcharge: 1.2, surchargeAmount: 12, receiptTotal: 1012,
};
const ctx = {
  entities: [
    { code: 'TENBROWN', name: 'Bill Brown', address: '5 Beach Road', town: 'Noosa Heads', state: 'QLD', postcode: '4567' },
    { code: 'OWNSMITH', name: 'John Smith' },
  ],
  business: { code: 'BUSINESS', name: 'Seaside Holiday Lettings', abn: '12 345 678 901' },
  accounts: [{ id: 'RENT', type: 'RENT' }, { id: 'OWNFUNDS', type: 'OWNER' }],
  control: { receipt_name: 'Seaside Trust Account', receipt_text: 'Received into the trust account of the licensee.', rent_account: 'RENT' },
};

// PDF strings escape their parentheses: \( and \).
const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes).replace(/\\([()])/g, '$1');

describe('receipt PDF', () => {
  it("is a PDF headed 'Trust Account Receipt' with its number, date, payer, ledger credited, purpose, amount and method", () => {
    const content = text(pdfBytes(receiptPdf(receipt, ctx)));
    expect(content.startsWith('%PDF')).toBe(true);
    for (const s of [
      'Trust Account Receipt', 'Receipt No', '1207', '14/03/2026', 'Bill Brown', '5 Beach Road', 'John Smith (OWNSMITH)',
      'Rent for March', '$1,012.00', '$1,000.00', '$12.00', 'Credit Card (VISA)', 'TX-88', 'rent paid to 31/03/2026',
      'Seaside Trust Account', 'Received into the trust account of the licensee.',
    ]) {
      expect(content, s).toContain(s);
    }
  });

  it('lists each ledger credited when the lines credit several, and no rent period for other accounts', () => {
    const doc = receiptDocument({
      ...receipt, method: 'EFT', card_type: null, surchargeAmount: 0, receiptTotal: 300,
      items: [
        { id: 1, selector: 'ACCOUNT', ref: 'OWNFUNDS', entity: 'OWNSMITH', door: '101', description: 'Top up 03/2026', gross: 200, amount: 200 },
        { id: 2, selector: 'CHARGE', ref: '77', entity: 'TENBROWN', door: null, description: 'Cleaning', gross: 100, amount: 100 },
      ],
    }, ctx);
    expect(doc.parties[1]!.party.name).toBe('John Smith (OWNSMITH), Bill Brown (TENBROWN)');
    expect(doc.lines.map((l) => [l.description, l.account, l.party, l.amountCents])).toEqual([
      ['Top up 03/2026', 'OWNFUNDS', 'OWNSMITH', 20000],
      ['Cleaning', 'Charge 77', 'TENBROWN', 10000],
    ]);
    expect(doc.facts).toContainEqual(['Method', 'Bank Transfer']);
  });
});

describe('rentPaidTo', () => {
  it('takes the last date named, else the end of the last month named', () => {
    expect(rentPaidTo('Rent 01/03/2026 to 14/03/2026')).toBe('14/03/2026');
    expect(rentPaidTo('Rent 02/2026')).toBe('28/02/2026');
    expect(rentPaidTo('Rent for the fortnight')).toBeNull();
  });
});
