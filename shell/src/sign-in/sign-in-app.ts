import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SignInPage } from './sign-in-page.js';

/** The sign-in page as a single-spa application: active whenever no token is stored. */
let root: Root | null = null;

export async function bootstrap(): Promise<void> {}

export async function mount(): Promise<void> {
  const host = document.getElementById('oa-signin');
  if (!host) throw new Error('#oa-signin is missing from index.html');
  root = createRoot(host);
  root.render(createElement(SignInPage));
  document.documentElement.dataset.loading = 'false';
}

export async function unmount(): Promise<void> {
  root?.unmount();
  root = null;
}
