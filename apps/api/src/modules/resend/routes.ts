import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptedResponseSchema,
  myResendBodySchema,
  resendBodySchema,
  type AcceptedResponse,
} from '@admit/contracts/identity';
import { AppError } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { resolveSeller } from '@/http/request-context';
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
export function registerResendRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  const service = createResendService({ db });
  const sellerOf = (request: FastifyRequest) =>
    resolveSeller(
      app,
      parseQuery({ context: 'ticket_order', fields: {} }, request.query as Record<string, string>)
        .seller,
    );
  const accepted = (reply: FastifyReply, queued: boolean) => {
    if (queued) app.mailSender.kick();
    return reply.header('cache-control', 'no-store').send(acceptedResponseSchema.parse(ACCEPTED));
  };

  app.post(
    '/api/ticket_order/resend',
    { schema: { body: resendBodySchema } },
    async (request, reply) => {
      const seller = await sellerOf(request);
      const { email, memberships_only } = resendBodySchema.parse(request.body);
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
    { schema: { body: myResendBodySchema } },
    async (request, reply) => {
      const seller = await sellerOf(request);
      const identity = await app.identities.forRequest(request, seller);
      if (identity.isPublic) throw new AppError('not_authorized', 'ticket_order', 'Please log in');
      const { memberships_only } = myResendBodySchema.parse(request.body ?? {});
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
