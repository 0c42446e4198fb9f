import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseQuery, type ParsedQuery, type QuerySpec } from './query-grammar';
import { ResponseCache } from './response-cache';
import type { Db } from '@/db/connection';
import { readScopeGeneration, sellerReadScope } from './read-scopes';
import { answerOnReplica } from './replica-read';
import type { RequestIdentity, SellerRef } from './request-context';
import type { App } from './typed-app';
import type { Route, RouteSchema } from '@admit/contracts/routes/route';

/** Everything a read handler needs; identity is already the public one on cached reads. */
export interface ReadContext {
  seller: SellerRef;
  identity: RequestIdentity;
  query: ParsedQuery;
  /** the path parameters, as the route's path names them */
  params: Record<string, string>;
  cached: boolean;
  now: Date;
  /**
   * the database to read: on /cached_api the replica when one is configured and caught up
   * (db/read-replica.ts, decision 0097), otherwise the primary
   */
  db: Db;
}

/**
 * The query string as the app's parser gives it (one string per key). The read's QuerySpec
 * grammar is the real check (its refusals name the parameter, spec: shopping §8); this schema
 * only types it, so it strips nothing: `_seller` is read after validation, by the caller hook.
 */
export const rawQuerySchema = z.record(z.string(), z.string());

/** A GET of the contracts route table (decision 0050) that answers 200 with a body. */
export type TableRead = Route<
  'GET',
  `/api/${string}`,
  RouteSchema & { params?: z.ZodType<Record<string, string>>; response: { 200: z.ZodType } }
>;

export interface ReadRoute<R extends TableRead> {
  /**
   * the contracts route (packages/contracts/src/routes/): its url after `/api` is the path on
   * both prefixes, its params schema checks the path, and its 200 response schema serialises
   * the answer and strips anything extra
   */
  route: R;
  query: QuerySpec;
  handler: (ctx: ReadContext) => Promise<z.input<R['schema']['response'][200]>>;
  /**
   * The read scope of an answer that shows live tickets (read-scopes.ts): its cached body is
   * keyed by the scope's generation, so a hold makes it stale at once (on every node, decision
   * 0097), and browsers revalidate it every time (`no-cache` with the ETag: a 304 when nothing
   * changed) instead of reusing it for `CACHE_MAX_AGE`. Every cached read is also keyed by its
   * seller's scope, which a catalogue import forgets.
   */
  cacheScope?: (params: Record<string, string>) => string;
  /**
   * A scoped read that browsers may still reuse for `CACHE_MAX_AGE` (availability: its server
   * copies are kept fresh across nodes, decision 0097; what browsers keep is unchanged, 0090).
   */
  browsersMayKeep?: boolean;
}

export const API_PREFIX = '/api';
export const CACHED_API_PREFIX = '/cached_api';

/** Strong ETag: a hash of the exact bytes sent. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // If-None-Match uses the weak comparison (RFC 9110 §13.1.2), so a W/ prefix still matches
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const responseCaches = new WeakMap<object, ResponseCache>();

/** One cache per app (keyed by its deps, which every encapsulated plugin of the app shares). */
function responseCacheOf(app: App): ResponseCache {
  let cache = responseCaches.get(app.deps);
  if (!cache) {
    cache = new ResponseCache(app.deps.config.CACHED_API_SERVER_TTL_MS);
    responseCaches.set(app.deps, cache);
  }
  return cache;
}

/**
 * The route's own 200 serialiser (its response schema through the zod type provider): the
 * cached path keeps the bytes it made, so a hit sends them without another zod pass.
 */
function serialiserOf(reply: FastifyReply): (payload: unknown) => string {
  const serialise = reply.getSerializationFunction('200');
  if (!serialise) throw new Error(`read route ${reply.request.url} has no 200 response schema`);
  return serialise as (payload: unknown) => string;
}

/**
 * Registers one read under `/api` (live: the visitor's identity, `no-store`) and `/cached_api`
 * (shareable: always the public identity's view, `public, max-age`, ETag and 304, and briefly
 * kept in process — see response-cache.ts).
 */
export function registerReadRoute<R extends TableRead>(app: App, read: ReadRoute<R>) {
  const { route } = read;
  const path = route.url.slice(API_PREFIX.length);
  const params: z.ZodType<Record<string, string>> = route.schema.params ?? z.object({});
  // The handler's answer is typed by ReadRoute at the module; here the 200 is widened because
  // the cached path sends the bytes its schema made once (a string or Buffer, not the answer).
  // A 304 revalidation carries no body.
  const response: { 200: z.ZodType; 304: z.ZodUndefined } = {
    200: route.schema.response[200],
    304: z.undefined(),
  };
  for (const prefix of [API_PREFIX, CACHED_API_PREFIX]) {
    const cached = prefix === CACHED_API_PREFIX;
    // cached reads always see the public identity's view
    const config = {
      caller: cached ? 'public' : 'visitor',
      callerContext: read.query.context,
    } as const;
    app.get(
      `${prefix}${path}`,
      { schema: { querystring: rawQuerySchema, params, response }, config },
      async (request, reply) => {
        const { database } = app.deps;
        const answer = (db: Db) => {
          const { seller, identity } = request.caller;
          return read.handler({
            seller,
            identity,
            query: parseQuery(read.query, request.query),
            params: request.params,
            cached,
            now: app.deps.now(),
            db,
          });
        };
        reply.type('application/json; charset=utf-8');
        if (!cached) {
          return reply.header('cache-control', 'no-store').send(await answer(database.db));
        }

        // the seller and the raw URL are the key: the same seller, path and query give the
        // same public bytes. The seller is not always in the URL: a seller's domain names it by
        // its Host (decision 0070). The seller's scope and a scoped read's own scope add their
        // generations, so a forgotten scope is a miss (read-scopes.ts)
        const scope = read.cacheScope?.(request.params);
        const sellerId = request.caller.seller.id;
        const generation = (name: string) => readScopeGeneration(database.db, name);
        const scopes = [sellerReadScope(sellerId), ...(scope ? [scope] : [])];
        const generations = scopes.map(generation);
        const key = `${sellerId} ${request.url}#${generations.join('.')}`;
        const { json, bytes, etag } = await responseCacheOf(app).getOrCompute(key, async () => {
          // on the replica once it has replayed what was noticed in these scopes (0120)
          const answered = await answerOnReplica(database, answer, request.log, scopes);
          const body = serialiserOf(reply)(answered);
          return { json: body, bytes: Buffer.from(body), etag: etagOf(body) };
        });
        reply
          .header(
            'cache-control',
            scope && !read.browsersMayKeep
              ? 'public, no-cache'
              : `public, max-age=${app.deps.config.CACHE_MAX_AGE}`,
          )
          .header('etag', etag);
        if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
          return reply.code(304).send();
        }
        return reply.send(bytes ?? json);
      },
    );
  }
}
