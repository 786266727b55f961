import { pageApp } from './page-app.js';
import { SignInPage } from './sign-in-page.js';

/** The sign-in page as a single-spa application: active whenever no token is stored. */
export const { bootstrap, mount, unmount } = pageApp(SignInPage);
