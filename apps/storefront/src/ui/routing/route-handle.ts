import { useMatches } from 'react-router';

/** What every route declares in its `handle`: the spec's route name (identity §2). */
export interface RouteHandle {
  name: string;
}

/** Route name that marks error routes; the trailing-slash rule skips them (identity §2 rule 1). */
export const ERROR_ROUTE_NAME = 'error';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as RouteHandle).name === 'string'
  );
}

/** The name of the deepest matched route, e.g. "home", "events", "event", "error". */
export function useRouteName(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle;
    if (isRouteHandle(handle)) return handle.name;
  }
  return null;
}
