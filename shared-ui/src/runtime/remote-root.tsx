import type { ReactNode } from 'react';
import { FluentProvider, IdPrefixProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'shared-ui/router';
import { queryClient } from './query-client.js';

/**
 * The providers around every remote's root. The id prefix keeps Fluent's generated ids (and
 * with them the theme style tag) apart between React roots; without it a remote mounting
 * second wipes the theme colours of the first. Routes use the full paths of the route map, so
 * the router needs no basename.
 */
export function RemoteRoot({ idPrefix, children }: { idPrefix: string; children: ReactNode }) {
  return (
    <IdPrefixProvider value={idPrefix}>
      <FluentProvider theme={webLightTheme} style={{ background: 'transparent' }}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>{children}</BrowserRouter>
        </QueryClientProvider>
      </FluentProvider>
    </IdPrefixProvider>
  );
}
