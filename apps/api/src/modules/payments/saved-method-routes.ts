import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import {
  replaceSavedPaymentMethodRoute,
  savedPaymentMethodRoute,
} from '@admit/contracts/routes/identity';
import { saveCardBodySchema } from '@admit/contracts/saved-payment-method';
import type { RequestIdentity } from '@/http/request-context';
import { AppError } from '@/http/app-error';
import { fromTable } from '@/http/table-route';
import { findIdentityById } from '@/modules/users/repo';
import { newestSavedMethod, toSavedPaymentMethod } from './saved-methods';
import { saveCardBySetup } from './setup-card';

const config = { caller: 'visitor', callerContext: 'saved_payment_method' } as const;

/** A guest has no saved card to read or replace (401). */
function memberOf(identity: RequestIdentity): RequestIdentity {
  if (identity.isPublic) {
    throw new AppError('not_authorized', 'saved_payment_method', 'Please log in');
  }
  return identity;
}

/**
 * GET my/identity/saved_payment_method (identity §3 "Saved payment method: first item of the
 * saved list", §7 uncached): the caller's newest saved card — the one auto-renew charges —
 * as 0 or 1 item (decision 0038). POST replaces it without a payment (decision 0067). Both act
 * on the session's own identity only: no identity is named in the path or the body.
 */
export const savedMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.route({
    ...fromTable(savedPaymentMethodRoute),
    config,
    handler: async (request, reply) => {
      const identity = memberOf(request.caller.identity);
      const row = await newestSavedMethod(db, identity.id);
      return reply
        .header('cache-control', 'no-store')
        .send({ saved_payment_method: toCollection(row ? [toSavedPaymentMethod(row)] : []) });
    },
  });

  // the body is read after the login check: a guest learns nothing from its validation
  app.route({
    ...fromTable(replaceSavedPaymentMethodRoute, { bodyByHandler: true }),
    config,
    handler: async (request, reply) => {
      const identity = memberOf(request.caller.identity);
      const parsed = saveCardBodySchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.map(String).join('.') || 'body';
        throw new AppError('validation_failed', 'saved_payment_method', `${field}: invalid`, {
          field,
        });
      }
      const person = await findIdentityById(db, identity.id);
      const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
      const row = await saveCardBySetup({
        db,
        env: app.deps.config,
        sellerId: request.caller.seller.id,
        person: { identityId: identity.id, email: person?.email ?? null, name: name || null },
        paymentMethod: parsed.data.payment_method,
        now: app.deps.now(),
      });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ saved_payment_method: toCollection([toSavedPaymentMethod(row)]) });
    },
  });
};
