// @vitest-environment happy-dom
import '../testing/dom.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ListEditor } from './ListEditor.js';
import type { ListEditorProps, ListRecord } from './types.js';

/** A server holding 10,000 receipts: it answers one page, the whole set's count and its exact total. */
const ALL = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, _pk: i + 1, ref: `R${i + 1}`, payer: i === 4242 ? 'Needle Haystack' : 'Bulk payer', amount: 0.1 }));
let urls: string[];

function serve(url: string): unknown {
  const q = new URL(url, 'http://x').searchParams;
  const search = (q.get('search') ?? '').toLowerCase();
  const set = search ? ALL.filter((r) => r.payer.toLowerCase().includes(search)) : ALL;
  const page = Number(q.get('page'));
  const size = Number(q.get('pageSize'));
  // 10,000 × $0.10 is $1,000.00 exactly; summing the floats would not give that.
  return { data: set.slice((page - 1) * size, page * size), total: set.length, totalAmount: Math.round(set.length * 10) / 100 };
}

function renderList(props: Partial<ListEditorProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <ListEditor<ListRecord>
          title="Receipts"
          listPath="/api/cashbook/receipt/list"
          columns={[
            { header: 'Ref', field: 'ref', sortable: true },
            { header: 'Payer', field: 'payer' },
            { header: 'Amount', field: 'amount', kind: 'money' },
          ]}
          totals={['amount']}
          pageSize={25}
          serverPaging={{ totals: { amount: 'totalAmount' } }}
          {...props}
        />
      </QueryClientProvider>
    </FluentProvider>,
  );
}

beforeEach(() => {
  urls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(serve(url)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const pageOf = (url: string) => new URL(url, 'http://x').searchParams.get('page');

describe('ListEditor with serverPaging', () => {
  it("asks for one page, and shows the server's count and exact total over the whole set", async () => {
    renderList();
    expect(await screen.findByText('R1')).toBeTruthy();
    expect(screen.getAllByTestId('list-row')).toHaveLength(25);
    expect(urls).toEqual(['/api/cashbook/receipt/list?page=1&pageSize=25']);
    expect(screen.getByTestId('list-count').textContent).toBe('10000 rows');
    expect(screen.getByTestId('list-page').textContent).toBe('Page 1 of 400');
    expect(within(screen.getByTestId('list-totals')).getByText('$1,000.00')).toBeTruthy();
  });

  it('fetches the next page from the server instead of slicing rows it holds', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('R1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('R26')).toBeTruthy();
    expect(screen.queryByText('R1')).toBeNull();
    expect(urls.map(pageOf)).toEqual(['1', '2']);
    expect(screen.getByTestId('list-page').textContent).toBe('Page 2 of 400');
  });

  it('searches on the server and starts again at page 1', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('R1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('R26');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'haystack');
    expect(await screen.findByText('R4243')).toBeTruthy();
    const last = new URL(urls.at(-1)!, 'http://x').searchParams;
    expect(last.get('search')).toBe('haystack');
    expect(last.get('page')).toBe('1');
    expect(screen.getByTestId('list-count').textContent).toBe('1 rows');
    expect(within(screen.getByTestId('list-totals')).getByText('$0.10')).toBeTruthy();
    expect(screen.queryByTestId('list-page')).toBeNull();
  });

  it('does not offer column sorting, which would sort one page only', async () => {
    renderList();
    await screen.findByText('R1');
    // A sortable Fluent header is a button; this one is plain text.
    expect(within(screen.getByRole('columnheader', { name: 'Ref' })).queryByRole('button')).toBeNull();
  });
});
