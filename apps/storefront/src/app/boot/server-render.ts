import { HYDRATED_EVENT, SERVER_RENDER_ATTRIBUTE } from '@admit/contracts/storefront-pages';

/**
 * The layout the hydration pass keeps (`ui/use-media-query.ts`) from the value of the root's
 * `SERVER_RENDER_ATTRIBUTE` (contracts/storefront-pages.ts, decision 0044).
 */
export function serverViewportOf(value: string): { mobile: boolean } {
  return { mobile: value === 'mobile' };
}

/**
 * The page the server drew has hydrated, or was rendered anew (decision 0045): the root loses its
 * mark, which until then says the page is the server's drawing, with nothing of its code running,
 * and `HYDRATED_EVENT` tells the page host's script so.
 */
export function markHydrated(): void {
  if (typeof document === 'undefined') return;
  const root = document.getElementById('root');
  if (!root?.hasAttribute(SERVER_RENDER_ATTRIBUTE)) return;
  root.removeAttribute(SERVER_RENDER_ATTRIBUTE);
  // the page host's script replays the presses it kept meanwhile (PAINT_THEN_RUN_SCRIPT)
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}
