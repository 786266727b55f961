import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children one render after mounting. A Fluent dialog focuses its first focusable
 * element when it opens; charts inside it would take that focus (and pop a tooltip open), so
 * they arrive just after the dialog has focused its button.
 */
export function AfterDialogFocus({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? <>{children}</> : null;
}
