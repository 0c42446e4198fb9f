import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';

/** One identity call as the storefront makes it: `_seller`, the app header, an optional cookie. */
export function identityCall(
  app: FastifyInstance,
  seller: { slug: string },
  options: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH';
    path: string;
    body?: unknown;
    /** a `Cookie` header value, e.g. from `sessionCookieFor` */
    cookie?: string;
    query?: string;
    remoteAddress?: string;
  },
): Promise<LightMyRequestResponse> {
  const query = `_seller=${seller.slug}${options.query ? `&${options.query}` : ''}`;
  return app.inject({
    method: options.method,
    url: `/api/${options.path}?${query}`,
    headers: {
      [APP_HEADER]: APP_HEADER_VALUE,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}
