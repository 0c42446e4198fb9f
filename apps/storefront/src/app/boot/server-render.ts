/**
 * The layout the hydration pass keeps (`ui/use-media-query.ts`) from the value of the root's
 * `SERVER_RENDER_ATTRIBUTE` (contracts/storefront-pages.ts, decision 0044).
 */
export function serverViewportOf(value: string): { mobile: boolean } {
  return { mobile: value === 'mobile' };
}
