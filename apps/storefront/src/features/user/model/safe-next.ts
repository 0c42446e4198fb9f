/**
 * The `next` query parameter as a route inside the storefront, or null. Only same-origin
 * relative paths ("/checkout?x=1") pass: "//host", "/\host" and "scheme:" would leave the shop
 * (an open redirect). Paths are relative to the seller base, like every router link.
 */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith('/')) return null;
  if (next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are refused on purpose
  if (/[\u0000-\u001f]/.test(next)) return null;
  return next;
}
