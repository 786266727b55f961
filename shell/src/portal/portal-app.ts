import { pageApp } from '../sign-in/page-app.js';
import { PortalPage } from './portal-page.js';

/** The client-portal stub as a single-spa application: the only one active on a portal address. */
export const { bootstrap, mount, unmount } = pageApp(PortalPage);
