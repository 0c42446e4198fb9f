import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseQuery, type ParsedQuery, type QuerySpec } from './query-grammar';
import { ResponseCache } from './response-cache';
import type { RequestIdentity, SellerRef } from './request-context';

/** Everything a read handler needs; identity is already the public one on cached reads. */
export interface ReadContext {
  seller: SellerRef;
  identity: RequestIdentity;
  query: ParsedQuery;
  params: Record<string, string>;
  cached: boolean;
  now: Date;
}

export interface ReadRoute<S extends z.ZodType> {
  /** path after the prefix, e.g. `/events/:id` */
  path: string;
  query: QuerySpec;
  /** the contract response schema: strips anything a handler adds by mistake */
  response: S;
  handler: (ctx: ReadContext) => Promise<z.input<S>>;
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

const responseCaches = new WeakMap<FastifyInstance, ResponseCache>();

function responseCacheOf(app: FastifyInstance): ResponseCache {
  let cache = responseCaches.get(app);
  if (!cache) {
    cache = new ResponseCache(app.deps.config.CACHED_API_SERVER_TTL_MS);
    responseCaches.set(app, cache);
  }
  return cache;
}

/**
 * Registers one read under `/api` (live: the visitor's identity, `no-store`) and `/cached_api`
 * (shareable: always the public identity's view, `public, max-age`, ETag and 304, and briefly
 * kept in process — see response-cache.ts).
 */
export function registerReadRoute<S extends z.ZodType>(app: FastifyInstance, route: ReadRoute<S>) {
  for (const prefix of [API_PREFIX, CACHED_API_PREFIX]) {
    const cached = prefix === CACHED_API_PREFIX;
    const render = async (request: FastifyRequest): Promise<string> => {
      const query = parseQuery(route.query, request.query as Record<string, string>);
      const { seller, identity } = request.caller;
      const result = await route.handler({
        seller,
        identity,
        query,
        params: request.params as Record<string, string>,
        cached,
        now: app.deps.now(),
      });
      return JSON.stringify(route.response.parse(result));
    };
    // cached reads always see the public identity's view
    const config = {
      caller: cached ? 'public' : 'visitor',
      callerContext: route.query.context,
    } as const;
    app.get(
      `${prefix}${route.path}`,
      { config },
      async (request: FastifyRequest, reply: FastifyReply) => {
        reply.type('application/json; charset=utf-8');
        if (!cached) return reply.header('cache-control', 'no-store').send(await render(request));

        // the raw URL is the key: the same path and query give the same public bytes
        const { json, bytes, etag } = await responseCacheOf(app).getOrCompute(
          request.url,
          async () => {
            const body = await render(request);
            return { json: body, bytes: Buffer.from(body), etag: etagOf(body) };
          },
        );
        reply
          .header('cache-control', `public, max-age=${app.deps.config.CACHE_MAX_AGE}`)
          .header('etag', etag);
        if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
          return reply.code(304).send();
        }
        return reply.send(bytes ?? json);
      },
    );
  }
}
