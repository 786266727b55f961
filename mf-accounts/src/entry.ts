import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { mainSlot } from 'shared-ui/core';

/** The module the shell loads as 'mf_accounts/app': single-spa lifecycles only; the root loads lazily. */
const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  loadRootComponent: () => import('./root.js').then((m) => m.Root),
  // Without a boundary a render error would unmount the whole application silently.
  errorBoundary: (error) => React.createElement('div', { role: 'alert' }, `This part of the page stopped working: ${error.message}`),
  domElementGetter: () => mainSlot('mf-accounts'),
});

export const { bootstrap, mount, unmount } = lifecycles;
