/**
 * The content security policy (helmet sends it on every answer). Same-origin everything; the
 * seller config rides in a JSON script element, which CSP does not execute. Framing: by default
 * only this site may frame a page; a seller's storefront pages allow the seller's configured
 * origins instead (`seller.config.site.frame_ancestors`, modules/sellers/seller-site.ts) — the
 * spec expects the storefront to be embedded by the seller's own site (identity §2 rule 8),
 * never by anyone (issue #12).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The header value with the given frame ancestors (a seller's storefront pages). */
export function contentSecurityPolicy(frameAncestors: readonly string[]): string {
  return Object.entries({ ...CSP_DIRECTIVES, frameAncestors })
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';');
}
