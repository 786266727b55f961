import { describe, expect, it } from 'vitest';
import { breadcrumbs } from './breadcrumbs.js';

describe('breadcrumbs', () => {
  it('makes one crumb per segment titled from the route map', () => {
    expect(breadcrumbs('/management/setup/gstcodes')).toEqual([
      { label: 'Management', path: '/management' },
      { label: 'Setup', path: '/management/setup' },
      { label: 'GST Codes', path: '/management/setup/gstcodes' },
    ]);
  });

  it('start-cases segments the route map does not name', () => {
    expect(breadcrumbs('/accounts/ReceiptsAndPayments/some-thing')).toEqual([
      { label: 'Accounts', path: '/accounts' },
      { label: 'Receipts and Payments', path: '/accounts/ReceiptsAndPayments' },
      { label: 'Some Thing', path: '/accounts/ReceiptsAndPayments/some-thing' },
    ]);
  });

  it('has no crumbs at the root', () => {
    expect(breadcrumbs('/')).toEqual([]);
  });
});
