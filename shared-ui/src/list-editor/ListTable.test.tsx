// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { ListTable } from './ListTable.js';

afterEach(cleanup);

describe('ListTable', () => {
  it('puts the table in a focusable region that scrolls sideways when the list is wider than the screen', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <ListTable rows={[{ code: 'A', name: 'Alpha' }]} columns={[{ header: 'Code', field: 'code' }, { header: 'Name', field: 'name' }]} keyField="code" pageSize={25} showTotals={false} label="Items" />
      </FluentProvider>,
    );
    const region = screen.getByRole('region', { name: 'Items table' });
    expect(region.style.overflowX).toBe('auto');
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByRole('table', { name: 'Items' }))).toBe(true);
  });
});
