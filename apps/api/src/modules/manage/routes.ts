import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderEmailBodySchema } from '@admit/contracts/manage';
import {
  orderCancelRoute,
  orderManageLinkRoute,
  orderManageRoute,
} from '@admit/contracts/routes/manage';
import { orderEmailRoute } from '@admit/contracts/routes/orders';
import { toCollection } from '@admit/contracts/envelope';
import { AppError } from '@/http/app-error';
import { sendStoredAnswer } from '@/http/stored-answer';
import { fromTable } from '@/http/table-route';
import { enforceRequestLimits, mailRequestLimits } from '@/modules/limits/request-limits';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import { anonymousRules, managedOrder, orderOf } from './access';
import { managedOrderAnswer } from './answers';
import { cancelOrderTickets } from './cancel';
import { previewOrderCancel } from './cancel-preview';
import { emailOrder } from './email';
import { editRoutes } from './edit-routes';
import { manageLinkOf } from './manage-link';

const config = { caller: 'visitor', callerContext: 'ticket_order' } as const;
// method, url, params and answers from the contracts route table (decision 0050); the bodies
// are read by the handlers after the order check, and a refusal replayed under the cancel's
// Idempotency-Key keeps its error envelope (4xx)

/**
 * After the sale (identity §7, decision 0036): GET ticket_order/{id}/manage, POST
 * ticket_order/{id}/cancel, POST ticket_order/{id}/email, and the order edit (edit-routes.ts).
 */
export const manageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const now = () => app.deps.now();
  const log = app.log.child({ module: 'manage' });
  // the storefront root of the request's seller: its domain when the request came by it (0071)
  const rootOf = (request: FastifyRequest) =>
    storefrontRootOf(db, request.caller.seller, app.deps.config, request);

  app.route({
    ...fromTable(orderManageRoute),
    config,
    handler: async (request, reply) => {
      const { orderId, secret } = orderOf(request);
      const managed = await managedOrder(db, request.caller, orderId, secret);
      const body = await managedOrderAnswer(db, request.caller, orderId, now(), managed.rules);
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  app.route({
    ...fromTable(orderManageLinkRoute),
    config,
    handler: async (request, reply) => {
      const { orderId } = orderOf(request);
      const body = await manageLinkOf(db, request.caller, orderId);
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  app.route({
    ...fromTable(orderCancelRoute, { bodyByHandler: true }),
    config,
    handler: async (request, reply) => {
      const { orderId, secret } = orderOf(request);
      if (request.query.dry_run === 'true') {
        const preview = await previewOrderCancel(db, {
          caller: request.caller,
          orderId,
          secret,
          body: request.body,
          now: now(),
        });
        return reply.header('cache-control', 'no-store').send(preview);
      }
      const answer = await cancelOrderTickets(
        {
          db,
          now,
          log,
          origin: () => rootOf(request),
          idempotencyOf: (cartId) => app.paymentSettlement.idempotency(cartId),
        },
        {
          caller: request.caller,
          orderId,
          secret,
          body: request.body,
          headers: request.headers,
          method: request.method,
          url: request.routeOptions.url ?? '',
        },
      );
      app.mailSender.kick();
      return sendStoredAnswer(reply, answer);
    },
  });

  // spec: identity §7 — POST ticket_order/{id}/email: the buyer's session (the account area,
  // empty body) or the secret link (the manage page, `log_context`)
  app.route({
    ...fromTable(orderEmailRoute, { bodyByHandler: true }),
    config,
    handler: async (request, reply) => {
      const { orderId, secret } = orderOf(request);
      const body = orderEmailBodySchema.safeParse(request.body ?? {});
      if (!body.success) {
        throw new AppError('validation_failed', 'ticket_order', 'log_context: invalid', {
          field: 'log_context',
        });
      }
      const { caller } = request;
      const sent = await emailOrder(db, {
        caller,
        orderId,
        secret,
        logContext: body.data.log_context ?? null,
        origin: await rootOf(request),
        rules: await anonymousRules(db, caller.seller.id),
        limit: (to) =>
          enforceRequestLimits(
            db,
            'ticket_order',
            mailRequestLimits('order_email', request.ip, caller.seller.id, to),
            now(),
          ),
      });
      if (sent) app.mailSender.kick();
      return reply
        .header('cache-control', 'no-store')
        .send({ accepted: toCollection([{ accepted: true as const }]) });
    },
  });

  await app.register(editRoutes);
};
