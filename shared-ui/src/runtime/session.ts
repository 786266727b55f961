/**
 * The browser session (spec 1 §3.2): token, company, bypass flag, trapped error, super and
 * console-active flags, kept in sessionStorage so they last for the browser session only.
 * One copy per page: shared-ui is a Module Federation singleton.
 */
export const STORAGE_KEYS = {
  token: 'oa.token',
  database: 'oa.database',
  bypass: 'oa.bypass',
  trappedError: 'oa.trappedError',
  super: 'oa.super',
  consoleActive: 'oa.consoleActive',
  logoutReason: 'oa.logoutReason',
} as const;

type Key = keyof typeof STORAGE_KEYS;

function storage(): Storage | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}

export const session = {
  get(key: Key): string | null {
    return storage()?.getItem(STORAGE_KEYS[key]) ?? null;
  },
  set(key: Key, value: string | null): void {
    const s = storage();
    if (!s) return;
    if (value === null) s.removeItem(STORAGE_KEYS[key]);
    else s.setItem(STORAGE_KEYS[key], value);
    listeners.forEach((l) => l());
  },
  /** Ends the session and remembers why, for the sign-in page to show. */
  end(reason: string | null): void {
    const s = storage();
    if (!s) return;
    for (const k of ['token', 'database', 'super', 'consoleActive'] as Key[]) s.removeItem(STORAGE_KEYS[k]);
    if (reason) s.setItem(STORAGE_KEYS.logoutReason, reason);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const listeners = new Set<() => void>();
