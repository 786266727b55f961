import { type ComponentType, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { LifeCycles } from 'single-spa';

/**
 * A page drawn into #oa-signin as a single-spa application, outside the signed-in chrome: the
 * sign-in page, or the client portal's stub. Mounting it ends the loading screen.
 */
export function pageApp(page: ComponentType): LifeCycles {
  let root: Root | null = null;
  return {
    bootstrap: async () => {},
    mount: async () => {
      const host = document.getElementById('oa-signin');
      if (!host) throw new Error('#oa-signin is missing from index.html');
      root = createRoot(host);
      root.render(createElement(page));
      document.documentElement.dataset.loading = 'false';
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}
