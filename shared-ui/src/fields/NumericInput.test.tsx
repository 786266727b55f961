// @vitest-environment happy-dom
import '../testing/dom.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { NumericInput } from './NumericInput.js';

afterEach(cleanup);

describe('NumericInput', () => {
  it('replaces a grouped amount the user selects and retypes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FluentProvider theme={webLightTheme}><NumericInput ariaLabel="Amount" value={71445} grouped onChange={onChange} /></FluentProvider>);
    const input = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    expect(input.value).toBe('71,445.00');
    await user.tripleClick(input);
    await user.keyboard('12.34');
    expect(input.value).toBe('12.34');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(12.34);
  });

  it('reads grouping typed or kept while editing, and puts back the value for text that is no number', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FluentProvider theme={webLightTheme}><NumericInput ariaLabel="Amount" value={5} grouped onChange={onChange} /></FluentProvider>);
    const input = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '1,234.5');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(1234.5);
    onChange.mockClear();
    await user.clear(input);
    await user.type(input, 'abc');
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('5.00');
  });
});
