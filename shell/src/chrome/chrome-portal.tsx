import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';

/**
 * Renders into one of index.html's layout cells. Fluent's theme tokens are CSS variables on the
 * provider's element, so content portalled outside it needs a provider of its own there.
 */
export function ChromePortal({ target, children }: { target: HTMLElement | null; children: ReactNode }) {
  if (!target) return null;
  return createPortal(
    <FluentProvider theme={webLightTheme} style={{ height: '100%', background: 'transparent' }}>
      {children}
    </FluentProvider>,
    target,
  );
}
