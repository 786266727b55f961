import { useEffect, useState } from 'react';

/** Sidebar widths of spec 1 §2.2: full 220 px (260 for a super user), thumbs 74 px, none. */
export type SidebarState = 'full' | 'thumbs' | 'none';

const NEXT: Record<SidebarState, SidebarState> = { full: 'thumbs', thumbs: 'none', none: 'full' };
export const nextSidebarState = (state: SidebarState): SidebarState => NEXT[state];

/** Below 768 px the sidebar collapses by itself; the toggle still opens it there. */
export const NARROW_QUERY = '(max-width: 767px)';

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    list.addEventListener('change', onChange);
    onChange();
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

export function useSidebarState(): { state: SidebarState; toggle: () => void } {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [wide, setWide] = useState<SidebarState>('full');
  const [onNarrow, setOnNarrow] = useState<SidebarState>('none');
  useEffect(() => {
    if (narrow) setOnNarrow('none');
  }, [narrow]);
  const state = narrow ? onNarrow : wide;
  useEffect(() => {
    const root = document.getElementById('oa-root');
    if (root) root.dataset.sidebar = state;
  }, [state]);
  return { state, toggle: () => (narrow ? setOnNarrow(nextSidebarState(state)) : setWide(nextSidebarState(state))) };
}
