import { SERVER_RENDER_ATTRIBUTE } from '@admit/contracts/storefront-pages';

/**
 * The layout the hydration pass keeps (`ui/use-media-query.ts`) from the value of the root's
 * `SERVER_RENDER_ATTRIBUTE` (contracts/storefront-pages.ts, decision 0044).
 */
export function serverViewportOf(value: string): { mobile: boolean } {
  return { mobile: value === 'mobile' };
}

/**
 * The page the server drew has hydrated, or was rendered anew (decision 0045): the root loses its
 * mark, which until then says the page is the server's drawing, with nothing of its code running.
 */
export function markHydrated(): void {
  if (typeof document === 'undefined') return;
  document.getElementById('root')?.removeAttribute(SERVER_RENDER_ATTRIBUTE);
}
