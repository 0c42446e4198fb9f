import type { z } from 'zod';
import type { HttpMethod, Route } from '@admit/contracts/routes/route';
import { queryStringsSchema } from './query-grammar';

/**
 * A route of the contracts table (packages/contracts/src/routes/, decision 0050) as Fastify's
 * route options, so its method, url and schemas have one home and the server cannot drift from
 * what the storefront's `call` checks:
 *
 * ```ts
 * app.route({ ...fromTable(cartModifyRoute), config, handler: async (request, reply) => … });
 * ```
 *
 * The zod type provider types `request.params` and `request.body` from the table's schemas, and
 * the table's `response` serialises the answer. The query is the one part the server reads
 * its own way: it is typed as the raw strings the router gives (`queryStringsSchema`), because
 * the route's query grammar (http/query-grammar.ts) is the real check and its refusals name the
 * parameter (spec: shopping §8); the table's `querystring` types the client's input (a count is
 * a number there, text on the wire). A read served on both prefixes goes through
 * `registerReadRoute` (read-route.ts), which takes the table route too.
 */
export function fromTable<
  const R extends Route,
  Q extends z.ZodType = typeof queryStringsSchema,
  B extends boolean = false,
>(route: R, options: FromTableOptions<Q, B> = {}): TableRouteOptions<R, Q, B> {
  const { body, ...schema } = route.schema;
  return {
    method: route.method,
    url: route.url,
    schema: {
      ...schema,
      ...(options.bodyByHandler || !body ? {} : { body }),
      querystring: options.querystring ?? queryStringsSchema,
    },
  } as TableRouteOptions<R, Q, B>;
}

export interface FromTableOptions<Q extends z.ZodType, B extends boolean> {
  /**
   * The body is not checked before the handler, which reads it itself: after the caller's right
   * is proved (the order's secret, the cart's owner), so a stranger learns nothing from
   * validation messages, or not at all (logout's `{}`, which may also come empty).
   */
  bodyByHandler?: B;
  /** the server's own check of the query, where a schema is it (the address lookup's) */
  querystring?: Q;
}

/** Fastify's method, url and schema of a table route. */
export interface TableRouteOptions<R extends Route, Q extends z.ZodType, B extends boolean> {
  method: HttpMethod;
  url: R['url'];
  schema: Omit<R['schema'], 'querystring' | (B extends true ? 'body' : never)> & {
    querystring: Q;
  };
}
/** The same call on another url: a guest's twin of a member's call (`my/cart/…` → `cart/…`). */
export function onUrl<const R extends Route, const U extends string>(
  route: R,
  url: U,
): Omit<R, 'url'> & { url: U } {
  return { ...route, url };
}
