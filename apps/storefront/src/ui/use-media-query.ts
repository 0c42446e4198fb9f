import { useCallback, useSyncExternalStore } from 'react';

/** spec: shopping §2 — the mobile layout applies up to 768 px wide. */
export const MOBILE_MEDIA_QUERY = '(max-width: 768px)';

/** Whether a media query matches now, re-rendering when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  // environments without matchMedia (old test DOMs) get the desktop layout
  const supported = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
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
    () => false,
  );
}
