import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/** spec: shopping §2 — the mobile layout applies up to 768 px wide. */
export const MOBILE_MEDIA_QUERY = '(max-width: 768px)';

/**
 * The layout a server-rendered page was drawn for (the host guesses it from the request,
 * decision 0044): the hydration pass must answer media queries as the server did, and only
 * then the browser's own answer applies. Without a server render it is never consulted.
 */
export const ServerViewportContext = createContext<{ mobile: boolean }>({ mobile: false });

/** Whether a media query matches now, re-rendering when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  // environments without matchMedia (old test DOMs) get the desktop layout
  const supported = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  const serverMobile = useContext(ServerViewportContext).mobile;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!supported) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query, supported],
  );
  return useSyncExternalStore(
    subscribe,
    () => supported && window.matchMedia(query).matches,
    // only the phone layout is guessed; other queries (reduced motion) start as "no"
    () => query === MOBILE_MEDIA_QUERY && serverMobile,
  );
}
