import { preloadedPageOf } from '@admit/contracts/storefront-pages';
import { escapeHtml } from '@/lib/escape-html';
import type { RoutePreloads } from './dist';

/** Where the built assets are served (the storefront's Vite `base`). */
export const ASSETS_PREFIX = '/assets-app/';

/**
 * The head tags that start a deep link's page code with the HTML (decision 0033): its chunks as
 * `modulepreload` (fetched and compiled beside the entry script, which then finds them ready)
 * and their styles as style preloads. `path` is the address below the seller slug.
 */
export function pagePreloadTags(path: string, preloads: RoutePreloads): string[] {
  const page = preloadedPageOf(path);
  const files = page && preloads[page.name];
  if (!files) return [];
  const href = (file: string) => escapeHtml(ASSETS_PREFIX + file);
  return [
    ...files.css.map((file) => `<link rel="preload" as="style" href="${href(file)}">`),
    ...files.js.map((file) => `<link rel="modulepreload" href="${href(file)}">`),
  ];
}
