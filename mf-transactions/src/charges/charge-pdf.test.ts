import { describe, expect, it } from 'vitest';
import type { ChargeFull } from 'api/contracts/charges';
import { chargeDocument, chargePdf, memoPdf, pdfBytes } from './charge-pdf.js';

const charge: ChargeFull = {
  id: 7, ref: '1042', date: '2026-03-05', payer_type: 'OWNER', entity: 'SMITHJ01', door: '101',
  recipient_type: 'SUPPLIER', recipient: 'RELPLUMB', recipient_door: null, source_ref: 'INV-77', memo: 'Replace tap washer\nkitchen sink',
  name: 'Plumbing', status: 'PENDING', flag: 'PENDING', released_txn: null, released_ref: null,
  items: [
    { id: 1, account_id: 'REPAIRS', recipient_entity: 'RELPLUMB', door: '101', description: 'Replace tap washer', amount: 1234.5 },
    { id: 2, account_id: 'REPAIRS', recipient_entity: 'RELPLUMB', door: null, description: 'Call-out fee', amount: 0.1 },
  ],
  links: [], chargeTotal: 1234.6, _itemsWithoutDoor: true,
};
const entities = [
  { code: 'SMITHJ01', name: 'John Smith', address: '12 Ocean Parade', town: 'Noosa Heads', state: 'QLD', postcode: '4567' },
  { code: 'RELPLUMB', name: 'Reliable Plumbing Pty Ltd', address: '31 Industrial Drive', town: 'Noosaville', state: 'QLD', postcode: '4566' },
];
const business = { code: 'BUSINESS', name: 'Seaside Holiday Lettings', address: '1 Hastings Street', town: 'Noosa Heads', state: 'QLD', postcode: '4567', abn: '12 345 678 901' };

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('charge PDF', () => {
  it('is a PDF holding the ref, both parties, every item and the exact total', () => {
    const bytes = pdfBytes(chargePdf(charge, entities, business));
    const content = text(bytes);
    expect(content.startsWith('%PDF')).toBe(true);
    for (const s of ['MEMO', '1042', 'John Smith', 'Reliable Plumbing Pty Ltd', 'Replace tap washer', 'Call-out fee', 'REPAIRS', '$1,234.50', '$0.10', '$1,234.60', 'Seaside Holiday Lettings', 'INV-77']) {
      expect(content, s).toContain(s);
    }
  });

  it('is an invoice when the business receives the charge, a memo otherwise', () => {
    expect(chargeDocument({ ...charge, recipient_type: 'BUSINESS', recipient: 'BUSINESS' }, entities, business)).toMatchObject({
      title: 'INVOICE', number: ['Invoice', '1042'], parties: [{ label: 'Charged to', party: { name: 'John Smith', door: '101' } }, { label: 'Payable to', party: { name: 'Seaside Holiday Lettings' } }],
    });
    const memo = chargeDocument(charge, entities, business);
    expect(memo.title).toBe('MEMO');
    expect(memo.lines.map((l) => l.amountCents)).toEqual([123450, 10]);
    expect(memo.parties[0]!.party.address).toEqual(['12 Ocean Parade', 'Noosa Heads QLD 4567']);
  });

  it('lays out any memo (e.g. a payment) and runs onto more pages when the lines need them', () => {
    const lines = Array.from({ length: 80 }, (_, i) => ({ description: `Line ${i + 1}`, amountCents: 100 }));
    const pdf = memoPdf({ title: 'PAYMENT MEMO', number: ['Payment', '88'], date: '2026-03-06', issuer: { name: 'Seaside' }, parties: [{ label: 'Paid to', party: { name: 'Pool and Spa Care' } }], lines });
    expect(pdf.getNumberOfPages()).toBeGreaterThan(1);
    const content = text(pdfBytes(pdf));
    expect(content).toContain('Pool and Spa Care');
    expect(content).toContain('$80.00');
  });
});
