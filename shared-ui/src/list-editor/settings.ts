import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchCurrentUser, startupCacheOnly, startupKeys } from 'shared-ui/core';
import { pageSizeFor } from './rules.js';

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** Rows per page: the prop, else the user's desktopRows/mobileRows for this window width. */
export function usePageSize(override?: number): number {
  const width = useWindowWidth();
  const user = useQuery({ queryKey: startupKeys.user, queryFn: fetchCurrentUser, ...startupCacheOnly });
  return override ?? pageSizeFor(user.data, width);
}

/** Leaves an editor-only screen: a history push that single-spa and the remotes' routers pick up. */
export function navigateTo(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}
