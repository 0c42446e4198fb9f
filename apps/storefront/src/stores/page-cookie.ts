import { getRouterBase, getSellerSlug } from '@/config/seller-slug';

/**
 * A cookie of the seller's pages (contracts/visitor-cookies.ts, decision 0045): what the page
 * host must know to draw a visitor's page (their cart, their orders' proofs). `Path=/{slug}`
 * keeps it to that seller's pages on a shared host, so the API's calls (/api, /cached_api)
 * never carry it; on the seller's own domain (decision 0071) its pages are the whole host, so
 * `Path=/`, and the cookie is host-only (no Domain): no other seller's domain ever sees it.
 * Cookie errors are tolerated as storage errors are (a page then simply goes out undrawn).
 */
function path(): string {
  return (getRouterBase() ?? `/${getSellerSlug() ?? ''}`) || '/';
}

/** The cookie's decoded value, or null. */
export function readPageCookie(name: string): string | null {
  let all: string;
  try {
    all = typeof document === 'undefined' ? '' : document.cookie;
  } catch {
    return null;
  }
  for (const part of all.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Writes the cookie (`value` null deletes it). Without `maxAgeSeconds` it lasts the browser
 * session. `SameSite=Lax`: a visitor coming back by a link (the e-mail's) still carries it.
 */
export function writePageCookie(name: string, value: string | null, maxAgeSeconds?: number) {
  if (typeof document === 'undefined') return;
  const parts = [`${name}=${value === null ? '' : encodeURIComponent(value)}`, `Path=${path()}`];
  if (value === null) parts.push('Max-Age=0');
  else if (maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  parts.push('SameSite=Lax');
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  try {
    document.cookie = parts.join('; ');
  } catch {
    // cookies disabled: the page host draws without it
  }
}
