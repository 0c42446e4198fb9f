import { preloadedPageOf } from '@admit/contracts/storefront-pages';
import { escapeHtml } from '@/lib/escape-html';
import type { RoutePreloads } from './dist';

/** Where the built assets are served (the storefront's Vite `base`). */
export const ASSETS_PREFIX = '/assets-app/';

/**
 * The head tags that start a deep link's page code with the HTML (decision 0033): its chunks as
 * `modulepreload`, fetched and compiled beside the entry script, which then finds them ready.
 * `path` is the address below the seller slug.
 */
export function pagePreloadTags(path: string, preloads: RoutePreloads): string[] {
  return filesOf(path, preloads).js.map(
    (file) => `<link rel="modulepreload" crossorigin href="${href(file)}">`,
  );
}

/**
 * The page's own styles as stylesheets, for the end of the head, after the entry's: a page drawn
 * on the server (decision 0044) paints with them, not restyled when its script adds them (a
 * layout shift). Vite's loader finds them there and does not add them again; after the entry's
 * stylesheet, they keep the cascade order the script would have given them. `crossorigin` as
 * Vite's own links: a request in another credentials mode would be fetched twice.
 */
export function pageStyleTags(path: string, preloads: RoutePreloads): string[] {
  return filesOf(path, preloads).css.map(
    (file) => `<link rel="stylesheet" crossorigin href="${href(file)}">`,
  );
}

const href = (file: string) => escapeHtml(ASSETS_PREFIX + file);

function filesOf(path: string, preloads: RoutePreloads): { js: string[]; css: string[] } {
  const page = preloadedPageOf(path);
  return (page && preloads[page.name]) || { js: [], css: [] };
}
