import { createContext, createElement, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';

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

/**
 * The route table, so that any component (the page frame above the matched route included)
 * can name the current route. The app provides it beside `useRoutes`.
 */
const RouteTableContext = createContext<RouteObject[]>([]);

export function RouteTableProvider({
  routes,
  children,
}: {
  routes: RouteObject[];
  children: ReactNode;
}) {
  return createElement(RouteTableContext.Provider, { value: routes }, children);
}

/** The handle names of the routes matching `pathname`, outermost first. */
export function routeNamesFor(routes: RouteObject[], pathname: string): string[] {
  return (matchRoutes(routes, pathname) ?? [])
    .map((match) => match.route.handle)
    .filter(isRouteHandle)
    .map((handle) => handle.name);
}

/** The name of the deepest matched route, e.g. "home", "events", "event", "error". */
export function useRouteName(): string | null {
  const routes = useContext(RouteTableContext);
  const { pathname } = useLocation();
  return useMemo(() => routeNamesFor(routes, pathname).at(-1) ?? null, [routes, pathname]);
}
