import { type Letterhead, PdfDocument } from './pdf.js';
import { dateText, moneyText } from './table.js';

/** A tenancy's rent account and bond as the tenancy statement prints them (cents). */
export interface TenancyStatement {
  id: number;
  door: string;
  tenant: { code: string; name: string };
  owner: string | null;
  rent: { value: number; frequency: string; start: string; expiry: string };
  asAt: string;
  /** Each rent charge raised: its period, amount and the date a receipt paid it (null: unpaid). */
  lines: { ref: string; from: string; to: string; amount: number; paidOn: string | null }[];
  position: { arrears: number; due: number; pending: number; paid: number; paidTo: string };
  /** The bond register: what was asked, when, and whether it was received into trust. */
  bond: { amount: number; authority: string | null; ref: string | null; charged: string | null; receivedOn: string | null } | null;
}

const FREQUENCY_NAMES: Record<string, string> = { W: 'weekly', F: 'fortnightly', M: 'monthly' };

/**
 * The tenancy statement (spec 3 §2 'Permanent Rentals', the list's statement print): the rent
 * account period by period with the date each was paid, where it stands as at the day (arrears,
 * due, pending, paid to), and the bond register, as a tenant or the regulator asks for it.
 */
export function tenancyStatementPdf(letterhead: Letterhead, s: TenancyStatement, printedAt: Date): Uint8Array {
  const pdf = new PdfDocument({ letterhead, title: `Tenancy Statement ${s.id}`, selection: `${s.tenant.name} (${s.tenant.code})  ·  Door ${s.door}  ·  As at ${dateText(s.asAt)}`, printedAt });
  pdf.block([
    { label: 'Rent', value: `${moneyText(s.rent.value)} ${FREQUENCY_NAMES[s.rent.frequency] ?? s.rent.frequency}` },
    { label: 'Lease', value: `${dateText(s.rent.start)} to ${dateText(s.rent.expiry)}` },
    ...(s.owner ? [{ label: 'Owner', value: s.owner }] : []),
  ]);
  pdf.heading('Rent account');
  pdf.table({
    columns: [
      { header: 'Charge', value: (l) => l.ref, width: 14 },
      { header: 'From', kind: 'date', value: (l) => l.from, width: 14 },
      { header: 'To', kind: 'date', value: (l) => l.to, width: 14 },
      { header: 'Paid on', kind: 'date', value: (l) => l.paidOn, width: 14 },
      { header: 'Amount', kind: 'money', value: (l) => l.amount, total: true, width: 18 },
    ],
    rows: s.lines,
    totalsLabel: 'Rent charged',
  }, { emptyText: 'No rent has been charged yet.' });
  pdf.block([
    { label: 'Rent paid', value: moneyText(s.position.paid) },
    { label: 'Rent paid to', value: dateText(s.position.paidTo) },
    { label: 'Rent in arrears', value: moneyText(s.position.arrears), strong: s.position.arrears > 0 },
    { label: 'Rent due now', value: moneyText(s.position.due) },
    { label: 'Rent charged in advance', value: moneyText(s.position.pending) },
  ], 110);
  pdf.heading('Bond register');
  if (!s.bond) pdf.paragraph('No bond applies to this tenancy.');
  else {
    pdf.block([
      { label: 'Bond', value: moneyText(s.bond.amount) },
      { label: 'Bond authority', value: s.bond.authority ?? '' },
      { label: 'Bond charge', value: s.bond.ref ? `${s.bond.ref} raised ${dateText(s.bond.charged!)}` : 'Not raised' },
      { label: 'Received into trust', value: s.bond.receivedOn ? dateText(s.bond.receivedOn) : 'Not yet received' },
    ], 110);
    pdf.paragraph(s.bond.receivedOn
      ? `The bond is held in the trust account on the bond authority's ledger (${s.bond.authority}) until it is lodged, never on the owner's.`
      : 'The bond is payable by the tenant to the bond authority and is held in trust once received.');
  }
  return pdf.bytes();
}
