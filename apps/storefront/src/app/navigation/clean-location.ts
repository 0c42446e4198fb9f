import type { Path } from 'react-router';
import { ERROR_ROUTE_NAME } from '@/ui/routing/route-handle';

/** Query parameters that are read once and then removed from the address (identity §2 rule 4). */
const CONSUMED_QUERY_PARAMS = ['expresscheckout'] as const;

/**
 * The address the visitor should be on, or null when it is already clean.
 * spec: identity §2 navigation rules 1 (strip a trailing slash except on error routes) and 4
 * (expresscheckout is removed; skipping upsells arrives with the upsell chain).
 */
export function cleanLocation(location: Path, routeName: string | null): Path | null {
  let { pathname } = location;
  if (routeName !== ERROR_ROUTE_NAME && pathname.length > 1 && pathname.endsWith('/')) {
    pathname = pathname.replace(/\/+$/, '') || '/';
  }
  const params = new URLSearchParams(location.search);
  for (const name of CONSUMED_QUERY_PARAMS) params.delete(name);
  const query = params.toString();
  const search = query ? `?${query}` : '';
  if (pathname === location.pathname && search === location.search) return null;
  return { pathname, search, hash: location.hash };
}
