import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { mainSlot } from 'shared-ui';

/** The module the shell loads as 'mf_transactions/app': single-spa lifecycles only; the root loads lazily. */
const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  loadRootComponent: () => import('./root.js').then((m) => m.Root),
  domElementGetter: () => mainSlot('mf-transactions'),
});

export const { bootstrap, mount, unmount } = lifecycles;
