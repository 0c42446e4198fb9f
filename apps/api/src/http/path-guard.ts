import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * A NUL in a path parameter names nothing, and PostgreSQL refuses it in a text parameter with
 * a server error (PGlite accepts it): such a request is answered 404 before any route reads its
 * params. Query values get the same check in the query grammar (query-values.ts `checkText`).
 */
export function registerPathGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    for (const value of Object.values(params)) {
      if (typeof value === 'string' && value.includes('\u0000')) {
        throw new AppError('not_found', 'route', 'Not found', null);
      }
    }
  });
}
