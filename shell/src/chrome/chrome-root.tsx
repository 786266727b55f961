import { useEffect, useSyncExternalStore } from 'react';
import { FluentProvider, IdPrefixProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useLocation, useNavigate } from 'shared-ui/router';
import { isAllowedPath, mainSlot, parseTrappedError, queryClient, session, useCurrentUser } from 'shared-ui/core';
import { AlertHost } from './alert-host.js';
import { AccessDenied } from './access-denied.js';
import { ChromePortal } from './chrome-portal.js';
import { FailureDialog } from './failure-dialog.js';
import { MenuLanding } from './menu-landing.js';
import { NoticeToaster } from './notice-toaster.js';
import { PageHeader } from './page-header.js';
import { Sidebar } from './sidebar.js';
import { useSidebarState } from './sidebar-state.js';
import { trappedErrorForThisPage, useStartup } from './startup.js';

const hideLoadingScreen = () => {
  document.documentElement.dataset.loading = 'false';
};

const useStored = (key: Parameters<typeof session.get>[0]) => useSyncExternalStore(session.subscribe, () => session.get(key));

/** Passed by the root config: called once control, lookups and user are loaded, so the areas may mount. */
export interface ChromeProps {
  onStartupReady: () => void;
}

export function ChromeRoot({ onStartupReady }: ChromeProps) {
  return (
    <IdPrefixProvider value="oa-chrome-">
      <FluentProvider theme={webLightTheme} style={{ background: 'transparent' }}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <NoticeToaster />
            <FailureDialog />
            <AlertHost />
            <Chrome onStartupReady={onStartupReady} />
          </BrowserRouter>
        </QueryClientProvider>
      </FluentProvider>
    </IdPrefixProvider>
  );
}

function Chrome({ onStartupReady }: { onStartupReady: () => void }) {
  const consoleMode = useStored('super') === 'true' && useStored('consoleActive') !== 'true';
  const trappedError = trappedErrorForThisPage(useStored('trappedError'));
  const bypass = useStored('bypass') === 'true';
  const trapped = trappedError !== null && !bypass;
  const { state, retry } = useStartup(!consoleMode && !trapped);

  useEffect(() => {
    if (consoleMode || trapped || state.phase !== 'loading') hideLoadingScreen();
    if (state.phase === 'ready') onStartupReady();
  }, [consoleMode, trapped, state.phase, onStartupReady]);

  if (consoleMode) return null;
  if (trapped || state.phase === 'trapped') {
    const shown = state.phase === 'trapped' ? state.failure : (parseTrappedError(trappedError) ?? { message: '' });
    return <AccessDenied trapped={shown} onProceed={retry} />;
  }
  if (state.phase !== 'ready') return null;
  return <ApplicationChrome />;
}

/** Sidebar and header in their grid cells, and the menu landing pages in the main area. */
function ApplicationChrome() {
  const { state, toggle } = useSidebarState();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
  const allowed = user ? isAllowedPath(path, user.permissions) : true;

  useEffect(() => {
    // Unknown paths, '/' and routes the user may not open all go to the dashboard (spec 1 §2.1).
    if (!allowed) navigate('/dashboard', { replace: true });
  }, [allowed, navigate]);

  useEffect(() => {
    const root = document.getElementById('oa-root');
    if (root) root.dataset.super = String(user?.is_super === true);
  }, [user?.is_super]);

  const landing = path === '/management' || path === '/reports' ? path.slice(1) : null;
  return (
    <>
      <ChromePortal target={document.getElementById('oa-sidebar')}>
        <Sidebar state={state} />
      </ChromePortal>
      <ChromePortal target={document.getElementById('oa-header')}>
        <PageHeader onToggleSidebar={toggle} />
      </ChromePortal>
      {landing && allowed && (
        <ChromePortal target={mainSlot('shell')}>
          <MenuLanding groupKey={landing as 'management' | 'reports'} />
        </ChromePortal>
      )}
    </>
  );
}
