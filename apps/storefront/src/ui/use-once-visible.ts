import { useCallback, useEffect, useRef, useState } from 'react';

const canObserve = () => typeof IntersectionObserver !== 'undefined';

// Safari has no requestIdleCallback: a plain delay stands in for "once the page is idle"
const IDLE_FALLBACK_MS = 2000;

/** Runs `run` once the browser is idle (at the latest after `timeout` ms); returns a cancel. */
function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, IDLE_FALLBACK_MS);
  return () => clearTimeout(handle);
}

/**
 * Whether an element has once been at least `threshold` visible (its IntersectionObserver ratio),
 * or the page has gone idle first (`idleTimeout` ms at the latest): a ref to put on the element,
 * and the answer, which stays true once reached. Seen first, the element's work starts at once;
 * never seen, it starts when the page has nothing better to do, so nothing below the fold is
 * missing for whoever (or whatever) scrolls to it later. Where nothing can observe (the server's
 * first drawing, an old browser) the element counts as visible. Used by the date-first calendar
 * (shopping §9 "Calendar visibility threshold"; decision 0065).
 */
export function useOnceVisible<T extends Element>(threshold: number, idleTimeout = 5000) {
  const [visible, setVisible] = useState(() => !canObserve());
  const watching = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (node: T | null) => {
      watching.current?.disconnect();
      watching.current = null;
      if (!node || !canObserve()) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold)) {
            setVisible(true);
            observer.disconnect();
          }
        },
        { threshold },
      );
      observer.observe(node);
      watching.current = observer;
    },
    [threshold],
  );
  useEffect(() => {
    if (visible) return;
    return whenIdle(() => setVisible(true), idleTimeout);
  }, [visible, idleTimeout]);
  return [ref, visible] as const;
}
