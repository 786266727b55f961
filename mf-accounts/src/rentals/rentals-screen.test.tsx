// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { cleanupScreen, renderScreen, stubApi as stubScreenApi } from '../../../shared-ui/src/testing/screen.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TenancyRecord } from 'api/contracts/tenancy';
import { setNoticeSink } from '../../../shared-ui/src/runtime/notify.js';
import RentalsScreen from './rentals-screen.js';
import { durationForExpiry, expiryForDuration, receiptBody } from './rules.js';

const control = { month_year_startcase: 'November 2026', current_year: 2026, current_month: 11 };
const user = { id: 'ADMIN', permissions: { p_bookings: true, p_tenancy: true } };
const lookups = {
  account: [{ id: 'RENT', description: 'Rent' }], business: {}, category: [], unitType: [], unitClass: [], gstCode: [],
  entity: [{ code: 'BONDAUTH', name: 'Rental Bond Authority', type: 'SUPPLIER' }, { code: 'OWNSMITH', name: 'Jane Smith', type: 'OWNER' }],
  unit: [{ door: '101', name: 'Ocean View 101' }, { door: '102', name: 'Ocean View 102' }],
};
const base = {
  account_id: 'RENT', description: 'Rent', email: 'a@example.com', phone: '0400 000 000', commission: 8.8, start_date: '2026-10-05', duration: 52,
  expiry_date: '2027-10-03', schedule_termination: false, end_date: '2027-10-03', frequency: 'W', advance_days: 14, value: 500, last_charge_date: '2026-11-29',
  bond_date: null, enter_bond_entity: null, bond_notes: null, bond_create_charge: false, bond_charge_id: null, bond_charge_ref: null,
  lease_reference: null, lease_start_date: null, lease_end_date: null, notes: null, inactive: false, pending: 0, pending_other: 0, paid: 1000,
  paid_to: '2026-10-18', _readonly: false, _candelete: false, items: [],
};
const rows = [
  { ...base, id: 1, _pk: 1, door: '101', entity: 'TENGREEN', name: 'Sam Green', owner: 'OWNSMITH', arrears: 1000, due: 500, bond_applies: false, bond: 0, bond_entity: null },
  { ...base, id: 2, _pk: 2, door: '102', entity: 'TENWHITE', name: 'Kim White', owner: 'OWNSMITH', arrears: 0, due: 0, bond_applies: true, bond: 2000, bond_entity: 'BONDAUTH', bond_notes: 'Four weeks', bond_charge_ref: '57' },
];
const record1: TenancyRecord = {
  ...(rows[0] as unknown as TenancyRecord),
  items: [
    { id: 11, date: '2026-11-02', ref: '41', source: 'RENT', recipient: 'OWNSMITH', type: 'ARREARS', description: 'Rent 101 02/11/2026 to 08/11/2026', amount: 500, selected: false },
    { id: 12, date: '2026-11-09', ref: '42', source: 'RENT', recipient: 'OWNSMITH', type: 'ARREARS', description: 'Rent 101 09/11/2026 to 15/11/2026', amount: 500, selected: false },
    { id: 13, date: '2026-11-23', ref: '44', source: 'RENT', recipient: 'OWNSMITH', type: 'DUE', description: 'Rent 101 23/11/2026 to 29/11/2026', amount: 500, selected: false },
  ],
};

/** A dialog over the editor, by its label (happy-dom leaves Fluent's nested dialog aria-hidden). */
const nestedDialog = (label: string) => {
  const d = document.querySelector<HTMLElement>(`[role=alertdialog][aria-label="${label}"]`);
  if (!d) throw new Error(`No dialog ${label}`);
  return d;
};
const rentAfter = { tenancy_id: 1, door: '101', paid_to: '2026-11-15', arrears: 0, next_due: { date: '2026-11-16', amount: 500 } };
const stubApi = () => stubScreenApi((call) => {
  if (call.startsWith('GET /api/rental/list')) return { data: rows };
  if (call === 'POST /api/cashbook/receipt') return { data: { id: 901, ref: '9001', rent: [rentAfter] }, message: 'Receipt 9001 posted' };
  if (call === 'POST /api/charge') return { data: { id: 77, ref: '77', recipient: 'BUSINESS', items: [{ amount: 120 }] }, message: 'Record Created' };
  if (call === 'GET /api/rental/1') return { data: record1 };
  if (call === 'GET /api/rental/2') return { data: { ...rows[1], items: [] } };
  if (call === 'POST /api/lookup') return { data: lookups };
  if (call === 'GET /api/auth') return { data: [user] };
  return { data: control };
});

afterEach(cleanupScreen);

const showRentals = (as: typeof user | { id: string; permissions: Record<string, boolean> } = user) => renderScreen(<RentalsScreen />, { control, user: as, lookups });

describe('Permanent Rentals (spec 3 §2)', () => {
  it('lists tenancies with Rent Arrears red and Rent Due blue above 0', async () => {
    stubApi();
    showRentals();
    const arrears = await screen.findByLabelText('In arrears $1,000.00');
    expect(arrears.style.color).toBe('red');
    expect(screen.getByLabelText('Due $500.00').style.color).toBe('blue');
    const table = screen.getByRole('table', { name: 'Permanent Rentals' });
    for (const header of ['Lease Id', 'Door', 'Tenant', 'Name', 'Owner', 'Rent Arrears', 'Rent Due', 'Rent Pending', 'Other Pending', 'Rent Paid']) {
      expect(within(table).getAllByText(header).length).toBeGreaterThan(0);
    }
    // Nothing owed: no colour.
    expect(screen.queryByLabelText('In arrears $0.00')).toBeNull();
  });

  it('at a tablet\'s 768 px keeps Door, Tenant, Name, Rent Arrears and Rent Due, dropping the lower-priority columns', async () => {
    stubApi();
    const wide = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 768 });
    try {
      showRentals();
      await screen.findByLabelText('In arrears $1,000.00');
      const table = screen.getByRole('table', { name: 'Permanent Rentals' });
      const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);
      for (const kept of ['Door', 'Tenant', 'Name', 'Rent Arrears', 'Rent Due']) expect(headers.some((h) => h!.startsWith(kept))).toBe(true);
      for (const dropped of ['Lease Id', 'Owner', 'Rent Pending', 'Other Pending', 'Rent Paid']) expect(headers.some((h) => h!.startsWith(dropped))).toBe(false);
      // Back to a desktop width: every column again.
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
      window.dispatchEvent(new Event('resize'));
      await waitFor(() => expect(within(table).getAllByText('Owner').length).toBeGreaterThan(0));
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: wide });
    }
  });

  it('opens Tenancy Agreement:{id} with locked door and tenant; Outstanding groups the items and ticking offers Receipt Selected Charges', async () => {
    stubApi();
    showRentals();
    await userEvent.click(await screen.findByText('Sam Green'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Tenancy Agreement:1')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByLabelText(/Tenant Code/) as HTMLInputElement).value).toBe('TENGREEN'));
    expect((within(dialog).getByLabelText(/Tenant Code/) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText(/^Door/) as HTMLSelectElement).disabled).toBe(true);
    expect(within(dialog).queryByText('Receipt Selected Charges')).toBeNull();
    await userEvent.click(within(dialog).getAllByText('Outstanding')[0]!);
    expect(within(dialog).getByLabelText('Rent In Arrears')).toBeTruthy();
    expect(within(dialog).getByLabelText('Rent Due Now')).toBeTruthy();
    expect(within(dialog).getAllByText('None')).toHaveLength(2);
    await userEvent.click(within(dialog).getByLabelText('Receipt 41'));
    expect(within(dialog).getByText('Receipt Selected Charges').closest('button')).toBeTruthy();
  });

  it('Receipt Selected Charges confirms with the rent account the receipt left: paid-to date, arrears remaining, next rent due', async () => {
    const calls = stubApi();
    const seen: { title: string; body?: string }[] = [];
    const off = setNoticeSink((n) => seen.push(n));
    vi.stubGlobal('open', vi.fn(() => null));
    try {
      showRentals({ ...user, permissions: { ...user.permissions, p_entry_receipts: true } });
      await userEvent.click(await screen.findByText('Sam Green'));
      const dialog = await screen.findByRole('alertdialog');
      await userEvent.click(within(dialog).getAllByText('Outstanding')[0]!);
      await userEvent.click(within(dialog).getByLabelText('Receipt 41'));
      await userEvent.click(within(dialog).getByLabelText('Receipt 42'));
      await userEvent.click(within(dialog).getByText('Receipt Selected Charges'));
      // A dialog over the editor (happy-dom leaves Fluent's nested dialog aria-hidden: found by its label, buttons with hidden: true).
      const confirm = await waitFor(() => nestedDialog('Receipt Selected Charges'));
      await userEvent.click(within(confirm).getByRole('button', { name: 'Receipt $1,000.00', hidden: true }));
      await waitFor(() => expect(seen.some((n) => n.title === 'Receipt 9001 posted')).toBe(true));
      expect(seen.find((n) => n.title === 'Receipt 9001 posted')!.body).toBe('Rent for 101 paid to 15/11/2026; arrears $0.00; next rent due $500.00 on 16/11/2026');
      expect(calls.find((c) => c.call === 'POST /api/cashbook/receipt')!.body).toMatchObject({ payer_type: 'TENANT', payer_entity: 'TENGREEN' });
    } finally {
      off();
    }
  });

  it('disables Receipt Selected Charges with the reason for a user without the Receipts permission (POST /api/cashbook/receipt would refuse)', async () => {
    const calls = stubApi();
    showRentals();
    await userEvent.click(await screen.findByText('Sam Green'));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getAllByText('Outstanding')[0]!);
    await userEvent.click(within(dialog).getByLabelText('Receipt 41'));
    const button = within(dialog).getByText('Receipt Selected Charges').closest('button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.body.textContent).toContain('Receipting charges needs the Receipts permission');
    expect(calls.some((c) => c.call === 'POST /api/cashbook/receipt')).toBe(false);
  });

  it('Add Charge raises a charge payable by the tenant on the tenancy\'s door through the charge route', async () => {
    const calls = stubApi();
    showRentals({ ...user, permissions: { ...user.permissions, p_entry_charges: true } });
    await userEvent.click(await screen.findByText('Sam Green'));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add Charge' }));
    const add = await waitFor(() => nestedDialog('Add Charge'));
    expect(add.textContent).toContain('Payable by TENGREEN Sam Green (tenant) for unit 101');
    await userEvent.type(within(add).getByLabelText(/^Details/), 'Replace broken blind');
    await userEvent.selectOptions(within(add).getByLabelText('Item 1 account'), 'RENT');
    await userEvent.type(within(add).getByLabelText('Item 1 amount'), '120');
    await userEvent.click(within(add).getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.call === 'POST /api/charge')).toBe(true));
    const body = calls.find((c) => c.call === 'POST /api/charge')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ payer_type: 'TENANT', entity: 'TENGREEN', door: null, recipient_type: 'BUSINESS', recipient: 'BUSINESS', memo: 'Replace broken blind' });
    expect(body.items).toMatchObject([{ account_id: 'RENT', door: '101', amount: 120 }]);
  });

  it('disables Add Charge with the reason for a user without the Charges permission', async () => {
    stubApi();
    showRentals();
    await userEvent.click(await screen.findByText('Sam Green'));
    const dialog = await screen.findByRole('alertdialog');
    const button = (await within(dialog).findByText('Add Charge')).closest('button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.body.textContent).toContain('Adding a charge needs the Charges permission');
  });

  it('shows a tenancy read only, without Add or Update Rent, to a user without p_tenancy', async () => {
    stubApi();
    showRentals({ ...user, permissions: { p_bookings: true } });
    await userEvent.click(await screen.findByText('Sam Green'));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect((within(dialog).getByText('Update Rent').closest('button') as HTMLButtonElement).disabled).toBe(true));
    expect((within(dialog).getByText('Undo Charges').closest('button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add Record' })).toBeNull();
  });

  it('prints the tenancy statement the server draws', async () => {
    const calls = stubApi();
    const opened = vi.fn(() => null);
    vi.stubGlobal('open', opened);
    showRentals();
    await userEvent.click(await screen.findByText('Sam Green'));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(await within(dialog).findByText('Print Tenancy Statement'));
    await waitFor(() => expect(opened).toHaveBeenCalled());
    expect(calls.some((c) => c.call === 'GET /api/rental/1/statement')).toBe(true);
  });

  it('Lease & Bond: bond fields only when bond applies, the authority read-only once set, the charge shown by its number', async () => {
    stubApi();
    showRentals();
    await userEvent.click(await screen.findByText('Kim White'));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect((within(dialog).getByLabelText(/Tenant Code/) as HTMLInputElement).value).toBe('TENWHITE'));
    await userEvent.click(within(dialog).getAllByText('Lease & Bond')[0]!);
    expect((within(dialog).getByLabelText(/Bond Authority/) as HTMLSelectElement).disabled).toBe(true);
    expect(within(dialog).getByTestId('bond-charge').textContent).toBe('Charge 57');
    await userEvent.click(within(dialog).getByLabelText('Bond applies'));
    expect(within(dialog).queryByLabelText(/Bond Authority/)).toBeNull();
  });

  it('opens Add Tenancy Agreement for a new one', async () => {
    stubApi();
    showRentals();
    await screen.findByText('Sam Green');
    await userEvent.click(screen.getByRole('button', { name: 'Add Record' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Add Tenancy Agreement')).toBeTruthy();
    expect(within(dialog).queryByText('Outstanding')).toBeNull();
  });
});

describe('tenancy rules', () => {
  it('duration and expiry follow each other (spec 3 §4)', () => {
    const start = new Date('2026-01-05T00:00:00');
    expect(expiryForDuration(start, 52)?.getDate()).toBe(3);
    expect(durationForExpiry(start, new Date('2027-01-03T00:00:00'))).toBe(52);
    expect(expiryForDuration(null, 52)).toBeNull();
    expect(durationForExpiry(start, new Date('2025-01-01T00:00:00'))).toBeNull();
  });
  it('a receipt of the ticked charges pays each in full from the tenant', () => {
    const body = receiptBody(record1, record1.items, new Set([11, 13]), '2026-11-26', 'EFT', ' ');
    expect(body).toMatchObject({ payer_type: 'TENANT', payer_entity: 'TENGREEN', method: 'EFT', tran_ref: null });
    expect(body.items).toEqual([
      { selector: 'CHARGE', ref: '11', entity: 'TENGREEN', door: '101', description: 'Rent 101 02/11/2026 to 08/11/2026', amount: 500 },
      { selector: 'CHARGE', ref: '13', entity: 'TENGREEN', door: '101', description: 'Rent 101 23/11/2026 to 29/11/2026', amount: 500 },
    ]);
  });
});
