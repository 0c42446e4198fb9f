import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptedResponseSchema,
  myResendBodySchema,
  resendBodySchema,
  type AcceptedResponse,
} from '@admit/contracts/identity';
import { AppError } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import {
  enforceRequestLimits,
  PER_ADDRESS_LIMIT,
  PER_EMAIL_LIMIT,
  mailRequestLimits,
} from '@/modules/limits/request-limits';
import { createResendService } from './service';

const ACCEPTED: AcceptedResponse = {
  accepted: { _count: 1, _total: 1, _data: [{ accepted: true }] },
};

/** Registers `ticket_order/resend` and `my/ticket_order/resend` (identity §7) under /api. */
export function registerResendRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const service = createResendService({ db, config: app.deps.config });
  const sellerOf = (request: FastifyRequest) => {
    parseQuery({ context: 'ticket_order', fields: {} }, request.query as Record<string, string>);
    return request.caller.seller;
  };
  const config = { caller: 'seller', callerContext: 'ticket_order' } as const;
  const accepted = (reply: FastifyReply, queued: boolean) => {
    if (queued) app.mailSender.kick();
    return reply.header('cache-control', 'no-store').send(acceptedResponseSchema.parse(ACCEPTED));
  };

  app.post(
    '/api/ticket_order/resend',
    { schema: { body: resendBodySchema }, config },
    async (request, reply) => {
      const seller = sellerOf(request);
      const { email, memberships_only } = request.body;
      await enforceRequestLimits(
        db,
        'ticket_order',
        mailRequestLimits('resend', request.ip, seller.id, email),
        app.deps.now(),
      );
      return accepted(reply, await service.resendByEmail(seller, email, memberships_only ?? false));
    },
  );

  app.post(
    '/api/my/ticket_order/resend',
    { schema: { body: myResendBodySchema }, config: { ...config, caller: 'visitor' } },
    async (request, reply) => {
      const seller = sellerOf(request);
      const { identity } = request.caller;
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
        await service.resendOwn(seller, identity.id, memberships_only ?? false),
      );
    },
  );
}
