import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import { savedPaymentMethodRoute } from '@admit/contracts/routes/identity';
import { AppError } from '@/http/app-error';
import { fromTable } from '@/http/table-route';
import { newestSavedMethod, toSavedPaymentMethod } from './saved-methods';

/**
 * GET my/identity/saved_payment_method (identity §3 "Saved payment method: first item of the
 * saved list", §7 uncached): the caller's newest saved card — the one auto-renew charges —
 * as 0 or 1 item; a guest has none to ask for (401). Decision 0038.
 */
export const savedMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { caller: 'visitor', callerContext: 'saved_payment_method' } as const;
  app.route({
    ...fromTable(savedPaymentMethodRoute),
    config,
    handler: async (request, reply) => {
      const { identity } = request.caller;
      if (identity.isPublic) {
        throw new AppError('not_authorized', 'saved_payment_method', 'Please log in');
      }
      const row = await newestSavedMethod(app.deps.database.db, identity.id);
      return reply
        .header('cache-control', 'no-store')
        .send({ saved_payment_method: toCollection(row ? [toSavedPaymentMethod(row)] : []) });
    },
  });
};
