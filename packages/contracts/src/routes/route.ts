import type { z } from 'zod';

/**
 * One API call as both sides read it (issue #23 "One route table in contracts", decision 0050):
 * the shape of a Fastify route's options, so the server can register it as
 * `app.route({ method, url, schema, handler })`, and the storefront's typed client can call it
 * (`call(route, input)` in apps/storefront/src/api/client.ts) and check every answer with the
 * response schema of the status that came back. The request schemas type what the client sends;
 * the client does not parse its own requests (the server does).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one success answer a route gives, by status: 200 with a body, 201 with the body of what
 * it made (a new cart), or 204 with none.
 */
export type RouteResponses = { 200: z.ZodType } | { 201: z.ZodType } | { 204: z.ZodNull };

export interface RouteSchema {
  /** the `:name` segments of `url` */
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: RouteResponses;
}

export interface Route<
  M extends HttpMethod = HttpMethod,
  U extends string = string,
  S extends RouteSchema = RouteSchema,
> {
  method: M;
  /** Fastify's form: `/api/my/cart/:cartId`, or `/admin/api/…` for the seller API (decision 0042) */
  url: U;
  /**
   * Also served on the public cache path (`/cached_api/…`, spec: shopping §7): the server
   * registers the route under both prefixes, and the client picks one per call.
   */
  cached?: boolean;
  schema: S;
}

/** Checks a route's parts against each other at compile time and keeps its literal types. */
export function defineRoute<const R extends Route>(
  route: R & ParamsMatchUrl<R['url'], R['schema']>,
): R {
  return route;
}

/** The `:name` segments of a Fastify url, as a union of names. */
export type UrlParamNames<U extends string> = U extends `${string}:${infer Name}/${infer Rest}`
  ? Name | UrlParamNames<`/${Rest}`>
  : U extends `${string}:${infer Name}`
    ? Name
    : never;

/** A url with `:name` segments must name them all in its params schema (and only them). */
type ParamsMatchUrl<U extends string, S extends RouteSchema> = [UrlParamNames<U>] extends [never]
  ? unknown
  : S['params'] extends z.ZodType<Record<UrlParamNames<U>, string>>
    ? unknown
    : { schema: { params: z.ZodType<Record<UrlParamNames<U>, string>> } };

/** What a route answers on success (the parsed body; null for a 204). */
export type RouteAnswer<R extends Route> = R['schema']['response'] extends { 200: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : never
  : R['schema']['response'] extends { 201: infer S }
    ? S extends z.ZodType
      ? z.output<S>
      : never
    : null;

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The url params of a call, typed by the route's params schema. */
export type RouteParams<R extends Route> = InputOf<R['schema']['params']>;
/** The query of a call, typed by the route's querystring schema. */
export type RouteQuery<R extends Route> = InputOf<R['schema']['querystring']>;
/** The body of a call, typed by the route's body schema. */
export type RouteBody<R extends Route> = InputOf<R['schema']['body']>;

/**
 * The url with its params put in, each segment URI-encoded: `/api/my/cart/:cartId` with
 * `{ cartId: 'a b' }` is `/api/my/cart/a%20b`.
 */
export function fillUrl(url: string, params: Record<string, string> | undefined): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${url}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
