// @vitest-environment happy-dom
import '../testing/dom.js';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { ListTable } from './ListTable.js';

afterEach(cleanup);

type Row = { code: string; amount: number; locked?: boolean };
const rows: Row[] = [
  { code: 'A', amount: 1 },
  { code: 'B', amount: 2, locked: true },
  { code: 'C', amount: 3 },
];

function Selectable({ expandable = () => true }: { expandable?: (row: Row) => boolean }) {
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  return (
    <FluentProvider theme={webLightTheme}>
      <ListTable<Row>
        rows={rows}
        columns={[{ header: 'Code', field: 'code' }, { header: 'Amount', field: 'amount', kind: 'money' }]}
        keyField="code"
        pageSize={25}
        totals={['amount']}
        showTotals
        label="Items"
        selection={{
          isSelected: (r) => ticked.has(r.code),
          canSelect: (r) => !r.locked,
          label: (r) => `Select ${r.code}`,
          onChange: (changed, on) =>
            setTicked((s) => {
              const next = new Set(s);
              for (const r of changed) (on ? next.add(r.code) : next.delete(r.code));
              return next;
            }),
        }}
        renderExpanded={(r) => <span>Details of {r.code}</span>}
        canExpand={expandable}
      />
      <output data-testid="ticked">{[...ticked].sort().join(',')}</output>
    </FluentProvider>
  );
}

describe('ListTable row selection', () => {
  it('ticks rows one by one, never a row that may not be selected, and the header box ticks or clears every selectable row', async () => {
    const user = userEvent.setup();
    render(<Selectable />);
    expect(screen.getByRole('checkbox', { name: 'Select B' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Select C' }));
    expect(screen.getByTestId('ticked').textContent).toBe('C');
    const all = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    expect(screen.getByTestId('ticked').textContent).toBe('A,C');
    expect(all.checked).toBe(true);
    await user.click(all);
    expect(screen.getByTestId('ticked').textContent).toBe('');
  });

  it('offers the expand button only on rows that may expand, and keeps the totals row aligned', async () => {
    const user = userEvent.setup();
    render(<Selectable expandable={(r) => r.code !== 'A'} />);
    expect(screen.getAllByRole('button', { name: 'Expand row' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Expand row' })[0]!);
    expect(screen.getByText('Details of B')).toBeTruthy();
    const totals = screen.getByTestId('list-totals');
    // Selection box, expand button, code ('Totals'), amount.
    expect(totals.querySelectorAll('td')).toHaveLength(4);
    expect(totals.querySelectorAll('td')[3]!.textContent).toBe('$6.00');
  });
});
