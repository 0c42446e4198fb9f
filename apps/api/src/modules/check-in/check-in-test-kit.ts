import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '@/db/connection';
import { createApiKey } from '@/modules/api-keys/service';

/** Test helpers of the seller API suites (decision 0042). */

/** A live key of the seller, made as the CLI makes it. */
export async function makeApiKey(db: Db, slug: string, name = 'Door 1', now = new Date()) {
  return createApiKey(db, slug, name, now);
}

/** A seller API call with a key (or none: `null`), as a scanner or a script makes it. */
export function adminCall(
  app: FastifyInstance,
  key: string | null,
  options: {
    method?: 'GET' | 'POST';
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: options.method ?? 'GET',
    url: `/admin/api/${options.path}`,
    headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** POST check_in with a scanned code (and the door's session or day). */
export const scan = (
  app: FastifyInstance,
  key: string,
  code: string,
  door: { event_session_id?: string; date?: string } = {},
) => adminCall(app, key, { method: 'POST', path: 'check_in', body: { code, ...door } });
