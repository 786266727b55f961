import { describe, expect, it } from 'vitest';
import { receiptContract } from 'api/contracts/cashbook';
import {
  cardSurcharge, chargesForLine, itemFromPick, itemsTotalCents, methodText, newItem, newReceipt, payerParty, pickOf, receiptWire,
  rentConfirmation, surchargeCents, withPayer, type ReceiptForm,
} from './rules.js';

const entities = [
  { code: 'OWNSMITH', name: 'John Smith', type: 'OWNER' },
  { code: 'TENBROWN', name: 'Bill Brown', type: 'TENANT', address: '5 Beach Road' },
  { code: 'BUSINESS', name: 'Seaside Lettings', type: 'BUSINESS' },
];

describe('receipt money', () => {
  it('totals items exactly in cents', () => {
    expect(itemsTotalCents([{ amount: 0.1 }, { amount: 0.2 }, { amount: '' }, { amount: 1234.55 }])).toBe(123485);
  });

  it("adds the card type's payer surcharge, rounded once, only for a card receipt", () => {
    const cards = [{ code: 'VISA', surcharge_payer: 1.2 }, { code: 'AMEX', surcharge_payer: 2.75 }];
    expect(cardSurcharge('CARD', 'VISA', cards)).toBe(1.2);
    expect(cardSurcharge('EFT', 'VISA', cards)).toBe(0);
    expect(surchargeCents(100000, 1.2)).toBe(1200);
    // 2.75% of $10.10 is 27.775 cents: half away from zero.
    expect(surchargeCents(1010, 2.75)).toBe(28);
    expect(surchargeCents(-1010, 2.75)).toBe(-28);
    expect(surchargeCents(5000, 0)).toBe(0);
  });
});

describe('payer', () => {
  it('keeps an entity payer by code and an OTHER payer as its text', () => {
    const form = newReceipt('2026-03-14');
    expect(withPayer(form, { type: 'OWNER', code: 'OWNSMITH', door: '101', name: 'John Smith', text: '', balance: null }))
      .toEqual({ payer_type: 'OWNER', payer_entity: 'OWNSMITH', payer: null, payer_door: '101' });
    expect(withPayer(form, { type: 'OTHER', code: null, door: null, name: 'Jane Doe', text: 'Jane Doe\n1 Main St', balance: null }))
      .toEqual({ payer_type: 'OTHER', payer_entity: null, payer: 'Jane Doe\n1 Main St', payer_door: null });
  });

  it('shows the payer back in the party selector', () => {
    expect(payerParty({ payer_type: 'TENANT', payer_entity: 'TENBROWN', payer: null, payer_door: null }, entities)).toMatchObject({ type: 'TENANT', code: 'TENBROWN', name: 'Bill Brown' });
    expect(payerParty({ payer_type: 'OTHER', payer_entity: null, payer: 'Jane Doe\n1 Main St', payer_door: null }, entities)).toMatchObject({ type: 'OTHER', name: 'Jane Doe' });
    expect(payerParty({ payer_type: 'OWNER', payer_entity: null, payer: null, payer_door: null }, entities)).toBeNull();
  });
});

describe('items', () => {
  const blank = newItem({ payer_type: 'TENANT', payer_entity: 'TENBROWN', payer_door: null });

  it('pays a charge in full for the payer', () => {
    const item = itemFromPick(blank, { type: 'CHARGE', code: 'BUSINESS', door: '101', ref: '77', description: 'Cleaning', amount: 95.5 }, 'TENBROWN');
    expect(item).toMatchObject({ selector: 'CHARGE', ref: '77', entity: 'TENBROWN', door: '101', description: 'Cleaning', amount: 95.5 });
    expect(pickOf(item, entities, [{ id: 77, amount: 95.5, recipient: 'BUSINESS' }])).toMatchObject({ type: 'CHARGE', ref: '77', code: 'BUSINESS' });
  });

  it('credits an account of a party and door', () => {
    const owner = itemFromPick(blank, { type: 'OWNER', code: 'OWNSMITH', door: '101', ref: 'RENT', description: 'John Smith', amount: null }, 'TENBROWN');
    expect(owner).toMatchObject({ selector: 'ACCOUNT', ref: 'RENT', entity: 'OWNSMITH', door: '101', description: '' });
    expect(pickOf(owner, entities, [])).toMatchObject({ type: 'OWNER', code: 'OWNSMITH', door: '101', ref: 'RENT' });
    expect(itemFromPick(blank, { type: 'BUSINESS', code: 'BUSINESS', door: null, ref: 'SUNDRY', description: '', amount: null }, null)).toMatchObject({ entity: 'BUSINESS', door: null });
  });

  it('offers each open charge to one line only', () => {
    const charges = [{ id: 77, amount: 10 }, { id: 78, amount: 20 }];
    const items = [{ ...blank, selector: 'CHARGE' as const, ref: '77' }, blank];
    expect(chargesForLine(charges, items, 1).map((c) => c.id)).toEqual([78]);
    expect(chargesForLine(charges, items, 0).map((c) => c.id)).toEqual([77, 78]);
  });
});

describe('receiptWire', () => {
  const form: ReceiptForm = {
    ...newReceipt(new Date(2026, 2, 14)),
    payer_type: 'TENANT', payer_entity: 'TENBROWN', payer_door: null, method: 'EFT', card_type: 'VISA', memo: 'Rent for March\nthanks',
    items: [{ id: null, selector: 'ACCOUNT', ref: 'RENT', entity: 'OWNSMITH', door: '101', description: ' ', amount: 1000 }],
  };

  it("is what the route's contract accepts", () => {
    const body = receiptWire(form);
    expect(body).toMatchObject({ date: '2026-03-14', card_type: null, payer: null, items: [{ description: 'Rent for March', amount: 1000 }] });
    expect(receiptContract.safeParse(body).success).toBe(true);
  });

  it('leaves blank amounts and selectors out, so the contract asks for them', () => {
    const result = receiptContract.safeParse(receiptWire({ ...form, items: [{ ...form.items[0]!, selector: '', amount: '' }] }));
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Charge or Account must be selected', 'Receipt Amount is required']));
  });

  it('needs a card type for a card receipt and a name for an OTHER payer', () => {
    const result = receiptContract.safeParse(receiptWire({ ...form, method: 'CARD', card_type: '', payer_type: 'OTHER', payer: ' ' }));
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Card Type is required', 'Payer Name is required']));
  });
});

describe('methodText', () => {
  it('shows the card type after CARD', () => {
    expect(methodText('CARD', 'VISA')).toBe('CARD VISA');
    expect(methodText('EFT', null)).toBe('EFT');
  });
});

describe('rent receipt confirmation', () => {
  it('shows each tenancy\'s paid-to date, arrears remaining and next rent due; nothing for other receipts', () => {
    expect(rentConfirmation({})).toBeUndefined();
    expect(rentConfirmation({ rent: [] })).toBeUndefined();
    expect(rentConfirmation({ rent: [
      { tenancy_id: 1, door: '101', paid_to: '2026-11-15', arrears: 500, next_due: { date: '2026-11-16', amount: 500 } },
      { tenancy_id: 2, door: '102', paid_to: '2027-01-31', arrears: 0, next_due: null },
    ] })).toBe('Rent for 101 paid to 15/11/2026; arrears $500.00; next rent due $500.00 on 16/11/2026\nRent for 102 paid to 31/01/2027; arrears $0.00; paid to the end of the lease');
  });
});
