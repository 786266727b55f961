import { createRoot, type Root } from 'react-dom/client';
import { Body1, Button, Card, CardHeader, FluentProvider, IdPrefixProvider, Subtitle2, webLightTheme } from '@fluentui/react-components';
import { ErrorCircle24Regular } from '@fluentui/react-icons';
import type { LifeCycles } from 'single-spa';
import { mainSlot } from 'shared-ui/core';
import type { Area } from '../root-config/areas.js';

/** Lifecycles standing in for an area that could not load: a retry card in the main area. */
export function areaFailure(area: Area, error: unknown, retry: () => Promise<void>): LifeCycles {
  let root: Root | null = null;
  const reason = error instanceof Error ? error.message : String(error);
  return {
    bootstrap: async () => {},
    mount: async () => {
      root = createRoot(mainSlot(`${area.folder}-failure`));
      root.render(
        <IdPrefixProvider value={`oa-failure-${area.folder}-`}>
          <FluentProvider theme={webLightTheme} style={{ background: 'transparent' }}>
            <Card style={{ maxWidth: 560 }} data-testid="area-failure">
              <CardHeader image={<ErrorCircle24Regular />} header={<Subtitle2>The {area.title} area could not be loaded</Subtitle2>} />
              <Body1>{reason}</Body1>
              <Button appearance="primary" onClick={() => void retry()} style={{ alignSelf: 'flex-start' }}>
                Retry
              </Button>
            </Card>
          </FluentProvider>
        </IdPrefixProvider>,
      );
    },
    unmount: async () => {
      root?.unmount();
      root = null;
      document.getElementById(`oa-slot-${area.folder}-failure`)?.remove();
    },
  };
}
