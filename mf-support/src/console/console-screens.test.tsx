// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { REMOVE_COMPANY_MESSAGES } from 'api/contracts/support';
import { queryClient } from 'shared-ui';
import { AddCompany } from './add-company/add-company.js';
import { AddUser } from './add-user/add-user.js';
import { BookingImport } from './booking-import/booking-import.js';
import { ImportEntities } from './import/import-entities.js';
import { RebuildSnapshot } from './rebuild-snapshot/rebuild-snapshot.js';
import { RemoveCompany } from './remove-company/remove-company.js';
import { removeRefusal } from './remove-company/rules.js';
import { SchemaUpdate } from './schema-update/schema-update.js';

const companies = [{ code: 'DEMOTRUST', name: 'Seaside Holiday Lettings' }, { code: 'NEWTRUST01', name: 'New Trust Lettings' }];
type Answer = { status?: number; body: unknown };

/** fetch answering by 'METHOD path' (query left out); every call is recorded with its body. */
function stubApi(answers: Record<string, Answer>) {
  const calls: { call: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    calls.push({ call, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    const answer = answers[call] ?? (call === 'GET /api/auth/companies' ? { body: { data: companies } } : { body: { data: null } });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

const show = (ui: ReactElement) => render(<FluentProvider theme={webLightTheme}><QueryClientProvider client={queryClient}>{ui}</QueryClientProvider></FluentProvider>);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Add Company Database', () => {
  it('shows the spec\'s messages before sending, then sends the company with its endpoint', async () => {
    const calls = stubApi({ 'POST /api/support/createdb': { body: { data: { code: 'NEWTRUST02' }, message: 'Company NEWTRUST02 created' } } });
    show(<AddCompany />);
    await userEvent.type(screen.getByLabelText(/^Database/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByText('Must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Endpoint password is Required')).toBeTruthy();
    expect(calls.some((c) => c.call === 'POST /api/support/createdb')).toBe(false);

    await userEvent.clear(screen.getByLabelText(/^Database/));
    await userEvent.type(screen.getByLabelText(/^Database/), 'newtrust02');
    await userEvent.type(screen.getByLabelText(/^Company Name/), 'New Trust Two');
    await userEvent.type(screen.getByLabelText(/^Login Name/), 'admin02');
    await userEvent.type(screen.getByLabelText(/^Display Name/), 'Admin Two');
    await userEvent.type(screen.getByLabelText(/^Password/), 'password-2');
    await userEvent.type(screen.getByLabelText(/^Endpoint Password/), 'sim-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'POST /api/support/createdb')).toBeTruthy());
    expect(calls.find((c) => c.call === 'POST /api/support/createdb')!.body).toMatchObject({
      database: 'NEWTRUST02', company_name: 'New Trust Two', code: 'ADMIN02', gp_host: 'http://127.0.0.1:7411', gp_user: 'sim', gp_pwd: 'sim-password',
    });
  });
});

describe('Remove Company Database', () => {
  it('says why it is refused: no god level, or the selected company', () => {
    expect(removeRefusal({ godLevel: false, current: 'DEMOTRUST', chosen: 'NEWTRUST01' })).toBe(REMOVE_COMPANY_MESSAGES.notGod);
    expect(removeRefusal({ godLevel: true, current: 'DEMOTRUST', chosen: 'DEMOTRUST' })).toBe(REMOVE_COMPANY_MESSAGES.current);
    expect(removeRefusal({ godLevel: true, current: 'DEMOTRUST', chosen: 'NEWTRUST01' })).toBeNull();
  });

  it('is disabled without god level', async () => {
    stubApi({});
    show(<RemoveCompany database="DEMOTRUST" godLevel={false} />);
    expect(screen.getByText(REMOVE_COMPANY_MESSAGES.notGod)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Remove Company' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('removes another company after confirmation', async () => {
    const calls = stubApi({ 'POST /api/support/removedb': { body: { data: {}, message: 'Company NEWTRUST01 removed' } } });
    show(<RemoveCompany database="DEMOTRUST" godLevel />);
    const select = await screen.findByLabelText('Company to remove');
    await waitFor(() => expect(screen.getByRole('option', { name: /NEWTRUST01/ })).toBeTruthy());
    await userEvent.selectOptions(select, 'DEMOTRUST');
    expect(await screen.findByText(REMOVE_COMPANY_MESSAGES.current)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Remove Company' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(select, 'NEWTRUST01');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Company' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'POST /api/support/removedb')?.body).toEqual({ db_name: 'NEWTRUST01' }));
  });
});

describe('Add User', () => {
  it('calls the company the default company once support access is ticked', async () => {
    stubApi({});
    show(<AddUser database="DEMOTRUST" />);
    expect(screen.getByLabelText(/^Company/)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Support access (all companies)'));
    expect(await screen.findByLabelText(/^Default Company/)).toBeTruthy();
  });
});

describe('Import', () => {
  it('previews the count with the already-N warning, and lists the rows at fault when nothing was imported', async () => {
    const calls = stubApi({
      'POST /api/support/imports/preview': { body: { data: { company: 'NEWTRUST01', type: 'OWNER', records: 2, existing: 3 } } },
      'POST /api/support/imports': { status: 400, body: { error: true, status: 400, message: '1 of 2 records have errors; nothing was imported', rows: [{ line: 3, code: 'BROW001', errors: [{ path: 'email', msg: 'Invalid email address format' }] }] } },
    });
    show(<ImportEntities database="NEWTRUST01" />);
    const file = new File(['Surname,Email\nNguyen,n@example.com\nBrown,bad'], 'owners.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    expect(await screen.findByRole('button', { name: 'Import 2 records' })).toBeTruthy();
    expect(screen.getByText('There are already 3 records for OWNER. These may be overriden by this import')).toBeTruthy();
    expect(calls.find((c) => c.call === 'POST /api/support/imports/preview')!.body).toMatchObject({ type: 'ENTITY', entityType: 'OWNER' });
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 records' }));
    expect(await screen.findByText('email: Invalid email address format')).toBeTruthy();
    expect(screen.getByText('BROW001')).toBeTruthy();
  });
});

describe('Schema Update', () => {
  it('warns that it is destructive and shows each company\'s result', async () => {
    stubApi({ 'GET /api/support/table_update': { body: { data: { status: 'done' }, results: [
      { code: 'DEMOTRUST', status: 'ok', applied: [], message: 'Already up to date' },
      { code: 'NEWTRUST01', status: 'failed', applied: [], message: 'Migration failed in schema co_newtrust01' },
    ] } } });
    show(<SchemaUpdate />);
    expect(screen.getByText(/it is destructive\. Make a backup of each company first\./)).toBeTruthy();
    expect(await screen.findByText('Migration failed in schema co_newtrust01')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Up to date')).toBeTruthy();
  });
});

describe('Rebuild Snapshot', () => {
  it('needs both year and month, then asks the server to rebuild them', async () => {
    const calls = stubApi({ 'POST /api/snapshot/rebuild': { body: { data: { months: 3 }, message: 'Snapshot 2025 rebuilt for January to March' } } });
    show(<RebuildSnapshot database="DEMOTRUST" />);
    await userEvent.click(screen.getByRole('button', { name: 'Rebuild' }));
    expect(await screen.findByText('Year must be chosen')).toBeTruthy();
    expect(screen.getByText('Month must be chosen')).toBeTruthy();
    expect(calls.some((c) => c.call === 'POST /api/snapshot/rebuild')).toBe(false);

    await userEvent.selectOptions(screen.getByLabelText(/^Year/), String(new Date().getFullYear() - 1));
    await userEvent.selectOptions(screen.getByLabelText(/^Month/), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Rebuild' }));
    await waitFor(() => expect(calls.find((c) => c.call === 'POST /api/snapshot/rebuild')?.body).toEqual({ year: new Date().getFullYear() - 1, month: 3 }));
    expect(screen.queryByText('Year must be chosen')).toBeNull();
  });
});

describe('Booking System Import', () => {
  it('starts the import for the chosen company and shows its progress, then its outcome', async () => {
    const calls = stubApi({
      'POST /api/support/booking_import': { body: { data: { id: 'job-1' }, message: 'Booking system import started' } },
      'GET /api/support/booking_import/job-1': { body: { data: { id: 'job-1', percent: 100, message: 'Done', active: false, error: null, result: { bookings: 12, applied: 12, errors: 0, message: '12 bookings read, 12 updated' } } } },
    });
    show(<BookingImport database="NEWTRUST01" />);
    expect(screen.getByText(/NEWTRUST01's units, unit types and accounts/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Import From Booking System' }));
    expect(await screen.findByText('Import finished: 12 bookings read, 12 updated', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.map((c) => c.call)).toContain('GET /api/support/booking_import/job-1');
  });

  it('shows the booking system\'s error when the import fails', async () => {
    stubApi({
      'POST /api/support/booking_import': { body: { data: { id: 'job-2' }, message: 'Booking system import started' } },
      'GET /api/support/booking_import/job-2': { body: { data: { id: 'job-2', percent: 100, active: false, error: { status: 502, message: 'The booking system refused the user' } } } },
    });
    show(<BookingImport database="NEWTRUST01" />);
    await userEvent.click(screen.getByRole('button', { name: 'Import From Booking System' }));
    expect(await screen.findByText('The booking system refused the user', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('needs a company', () => {
    stubApi({});
    show(<BookingImport database="" />);
    expect((screen.getByRole('button', { name: 'Import From Booking System' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
