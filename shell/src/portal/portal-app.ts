import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PortalPage } from './portal-page.js';

/** The client-portal stub as a single-spa application: the only one active on a portal address. */
let root: Root | null = null;

export async function bootstrap(): Promise<void> {}

export async function mount(): Promise<void> {
  const host = document.getElementById('oa-signin');
  if (!host) throw new Error('#oa-signin is missing from index.html');
  root = createRoot(host);
  root.render(createElement(PortalPage));
  document.documentElement.dataset.loading = 'false';
}

export async function unmount(): Promise<void> {
  root?.unmount();
  root = null;
}
