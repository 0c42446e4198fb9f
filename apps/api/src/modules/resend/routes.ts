import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCEPTED } from '@admit/contracts/identity';
import { resendOrdersRoute } from '@admit/contracts/routes/identity';
import { myResendRoute } from '@admit/contracts/routes/orders';
import { AppError } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import {
  enforceRequestLimits,
  PER_ADDRESS_LIMIT,
  PER_EMAIL_LIMIT,
  mailRequestLimits,
} from '@/modules/limits/request-limits';

const checkQuery = (query: Record<string, string>) =>
  parseQuery({ context: 'ticket_order', fields: {} }, query);

/** `ticket_order/resend` and `my/ticket_order/resend` (identity §7) under /api, over `app.resend`. */
export const resendRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const config = { caller: 'seller', callerContext: 'ticket_order' } as const;
  const accepted = (reply: FastifyReply, queued: boolean) => {
    if (queued) app.mailSender.kick();
    return reply.header('cache-control', 'no-store').send(ACCEPTED);
  };

  app.route({
    ...fromTable(resendOrdersRoute),
    config: config,
    handler: async (request, reply) => {
      checkQuery(request.query);
      const { seller } = request.caller;
      const { email, memberships_only } = request.body;
      await enforceRequestLimits(
        db,
        'ticket_order',
        mailRequestLimits('resend', request.ip, seller.id, email),
        app.deps.now(),
      );
      return accepted(
        reply,
        await app.resend.resendByEmail(seller, email, memberships_only ?? false),
      );
    },
  });

  app.route({
    ...fromTable(myResendRoute),
    config: { ...config, caller: 'visitor' },
    handler: async (request, reply) => {
      checkQuery(request.query);
      const { identity, seller } = request.caller;
      if (identity.isPublic) throw new AppError('not_authorized', 'ticket_order', 'Please log in');
      const { memberships_only } = request.body ?? {};
      await enforceRequestLimits(
        db,
        'ticket_order',
        [
          { key: `resend:address:${request.ip}`, ...PER_ADDRESS_LIMIT },
          { key: `resend:identity:${identity.id}`, ...PER_EMAIL_LIMIT },
        ],
        app.deps.now(),
      );
      return accepted(
        reply,
        await app.resend.resendOwn(seller, identity.id, memberships_only ?? false),
      );
    },
  });
};
