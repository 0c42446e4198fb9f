import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_ERROR_BODY_LIMIT } from '@admit/contracts/client-errors';
import { clientErrorsRoute } from '@admit/contracts/routes/client-errors';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import { logClientError } from './service';

const writeQuery: QuerySpec = { context: 'client_errors', fields: {} };

/**
 * POST client_errors: the storefront's error reports when no Sentry DSN is configured (identity
 * §8, decision 0061). Anyone can send one, so the body is bounded (`bodyLimit`, then the schema's
 * lengths) and each address may send `client_error` reports per window (modules/limits/).
 */
export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromTable(clientErrorsRoute),
    bodyLimit: CLIENT_ERROR_BODY_LIMIT,
    config: { caller: 'seller', callerContext: 'client_errors', callLimit: 'client_error' },
    handler: async (request, reply) => {
      parseQuery(writeQuery, request.query);
      logClientError(app.log, request.caller.seller, request.body);
      return reply.status(204).header('cache-control', 'no-store').send(null);
    },
  });
};
