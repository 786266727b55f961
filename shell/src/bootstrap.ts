import { navigateToUrl, registerApplication, start, triggerAppChange, unregisterApplication, type LifeCycles } from 'single-spa';
import { session } from './session-light.js';
import { AREAS, SUPPORT_AREA, matchesPrefix, pageMode, type Area } from './root-config/areas.js';
import { loadArea, swappable } from './root-config/load-area.js';
import type { ChromeProps } from './chrome/chrome-root.js';
import { isPortalAddress } from './portal/portal-rules.js';

/**
 * The root config: plain TypeScript, no UI framework. It decides from the stored session which
 * single-spa applications are active; the chrome and every area load on demand.
 */
const mode = () => pageMode({ token: session.get('token'), super: session.get('super'), consoleActive: session.get('consoleActive') });

/** Areas mount only after the chrome has loaded control, lookups and user (spec 1 §4.1). */
let startupReady = false;

function applyPageState(): void {
  const current = mode();
  const root = document.getElementById('oa-root');
  if (root) root.dataset.mode = current;
  const path = window.location.pathname;
  if (current === 'signed-out' && path !== '/login') {
    startupReady = false;
    navigateToUrl('/login');
  } else if (current !== 'signed-out' && (path === '/login' || path === '/logout')) {
    navigateToUrl('/dashboard');
  }
}

function areaActivity(area: Area) {
  return (location: Location) => mode() === 'app' && startupReady && area.prefixes.some((p) => matchesPrefix(location.pathname, p));
}

/** An area that failed to load shows a retry card in the main area instead of a blank page. */
function registerArea(area: Area, activeWhen: (location: Location) => boolean, retry = false): void {
  registerApplication({
    name: area.name,
    app: () =>
      loadArea(area, retry).then((lifecycles) => swappable(area, lifecycles)).catch(async (error: unknown): Promise<LifeCycles> => {
        const { areaFailure } = await import('./chrome/area-failure.js');
        return areaFailure(area, error, async () => {
          await unregisterApplication(area.name);
          registerArea(area, activeWhen, true);
          await triggerAppChange();
        });
      }),
    activeWhen,
  });
}

/** The back office: sign-in, chrome and the areas, chosen by the stored session. */
function startBackOffice(): void {
  if (window.location.pathname === '/logout') session.end(null);
  applyPageState();

  registerApplication({
    name: 'sign-in',
    app: () => import('./sign-in/sign-in-app.js'),
    activeWhen: () => mode() === 'signed-out',
  });

  registerApplication<ChromeProps>({
    name: 'chrome',
    app: () => import('./chrome/chrome-app.js'),
    activeWhen: () => mode() !== 'signed-out',
    customProps: {
      onStartupReady: () => {
        startupReady = true;
        void triggerAppChange();
      },
    },
  });

  for (const area of AREAS) registerArea(area, areaActivity(area));
  registerArea(SUPPORT_AREA, () => mode() === 'console');

  session.subscribe(() => {
    if (mode() === 'signed-out') startupReady = false;
    applyPageState();
    void triggerAppChange();
  });

  start({ urlRerouteOnly: true });
}

/** A portal address (spec 1 §1: '?portal') shows only the client-portal stub, whatever the session. */
function startPortal(): void {
  registerApplication({ name: 'portal', app: () => import('./portal/portal-app.js'), activeWhen: () => true });
  start({ urlRerouteOnly: true });
}

if (isPortalAddress(window.location.search)) startPortal();
else startBackOffice();
