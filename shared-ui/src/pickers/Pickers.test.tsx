// @vitest-environment happy-dom
import '../testing/dom.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { ChargeOrPayeeSelector, PartySelector } from './Pickers.js';

afterEach(cleanup);

const entities = [
  { code: 'SMITH', name: 'J Smith', type: 'OWNER' },
  { code: 'PLUMB', name: 'Plumber', type: 'SUPPLIER' },
];
const units = [{ door: '102', entity: 'SMITH' }, { door: '103', entity: 'SMITH' }];

describe('PartySelector', () => {
  it('applies BUSINESS at once and closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FluentProvider theme={webLightTheme}><PartySelector value={null} onChange={onChange} entities={entities} units={units} business={{ name: 'Beach Lettings' }} /></FluentProvider>);
    await user.click(screen.getByRole('button', { name: /Select$/ }));
        await user.click(await screen.findByRole('radio', { name: 'BUSINESS' }));
    expect(onChange).toHaveBeenCalledWith({ type: 'BUSINESS', code: 'BUSINESS', door: null, name: 'Beach Lettings', text: '', balance: null });
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'OWNER' })).toBeNull());
  });

  it("selects an owner's first unit and applies only on OK", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FluentProvider theme={webLightTheme}><PartySelector value={null} onChange={onChange} entities={entities} units={units} /></FluentProvider>);
    await user.click(screen.getByRole('button', { name: /Select$/ }));
    await user.click(await screen.findByRole('radio', { name: 'OWNER' }));
    expect((screen.getByRole('button', { name: 'OK' }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Account'), 'SMITH');
    expect((screen.getByLabelText('Unit') as HTMLSelectElement).value).toBe('102');
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ type: 'OWNER', code: 'SMITH', door: '102' }));
  });
});

describe('ChargeOrPayeeSelector', () => {
  it('disables CHARGE without a payer and OK until an account is chosen', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <ChargeOrPayeeSelector value={null} onChange={onChange} payer={null} openCharges={[{ id: 1, amount: 5 }]} entities={entities} units={units} accounts={[{ id: 'RENT', description: 'Rent' }]} />
      </FluentProvider>,
    );
    await user.click(screen.getByRole('button', { name: /Select$/ }));
    expect((await screen.findByRole('radio', { name: 'CHARGE' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'OK' }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Transaction account'), 'RENT');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onChange).toHaveBeenCalledWith({ type: 'BUSINESS', code: 'BUSINESS', door: null, ref: 'RENT', description: '', amount: null });
  });
});
