import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children just after the first paint, in slices the browser can interrupt, so
 * the first view of a page appears sooner on a slow phone. For content below the fold only.
 */
export function Later({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : null;
}
