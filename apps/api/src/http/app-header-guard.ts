import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { AppError } from './app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const underApi = (path: string | undefined) =>
  path !== undefined && (path === '/api' || path.startsWith('/api/'));

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * True when the request targets /api. The router decodes the path (`/%61pi/x` reaches
 * `/api/x`), so the matched route's pattern is checked as well as the raw and decoded path.
 */
function targetsApi(request: FastifyRequest): boolean {
  const raw = request.url.split('?')[0] ?? '';
  return underApi(request.routeOptions.url) || underApi(raw) || underApi(safeDecode(raw));
}

/**
 * CSRF guard: a cross-site form cannot set a custom header, so every state-changing /api call
 * must carry the storefront's fixed `tix-app: ecomm` header (shopping §7 "a fixed app header").
 */
export const appHeaderGuard = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method) || !targetsApi(request)) return;
      if (request.headers[APP_HEADER] !== APP_HEADER_VALUE) {
        throw new AppError(
          'missing_app_header',
          'request',
          `The ${APP_HEADER} header is required for this request`,
          { header: APP_HEADER },
        );
      }
    });
  },
  { name: 'app-header-guard', dependencies: ['error-handling'] },
);
