import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ChromeProps } from './chrome-root.js';

/**
 * The shell's own React UI: sidebar, header, menu landing pages, toasts, the error dialog and
 * access-denied page. Active whenever a token is stored; its root loads lazily with Fluent.
 */
const lifecycles = singleSpaReact<ChromeProps>({
  React,
  ReactDOMClient,
  // single-spa-react types the props as optional; single-spa always passes the custom props.
  loadRootComponent: () => import('./chrome-root.js').then((m) => m.ChromeRoot as React.FunctionComponent<ChromeProps | undefined>),
  // Without a boundary a render error would unmount the whole application silently.
  errorBoundary: (error) => React.createElement('div', { role: 'alert' }, `This part of the page stopped working: ${error.message}`),
  domElementGetter: () => document.getElementById('oa-chrome') ?? document.body,
});

export const { bootstrap, mount, unmount } = lifecycles;
