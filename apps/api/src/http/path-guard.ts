import fp from 'fastify-plugin';
import { AppError, validationFailed } from './app-error';

const hasNul = (value: string) => value.includes('\u0000');

/** The dotted path of the first string holding a NUL in a parsed JSON body, if any. */
export function nulFieldOf(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasNul(value) ? path || 'body' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (hasNul(key)) return path ? `${path}.${key}` : key;
    const found = nulFieldOf(inner, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL refuses a NUL in a text parameter with a server error (and so does PGlite in some
 * statements), so text holding one never reaches a query. A path parameter with a NUL names
 * nothing: 404 before any route reads its params. A body string with one is bad input: 400
 * `validation_failed` naming the field (the route fuzz found an e-mail "\u0000" reaching the
 * request limits' key). Query values get the same check in the query grammar (query-values.ts).
 */
export const pathGuard = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const params = (request.params ?? {}) as Record<string, unknown>;
      for (const value of Object.values(params)) {
        if (typeof value === 'string' && hasNul(value)) {
          throw new AppError('not_found', 'route', 'Not found', null);
        }
      }
      const field = nulFieldOf(request.body);
      if (field) throw validationFailed('request', field, 'must not contain a NUL character');
    });
  },
  { name: 'path-guard', dependencies: ['error-handling'] },
);
