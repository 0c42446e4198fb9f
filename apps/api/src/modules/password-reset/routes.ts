import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptedResponseSchema,
  emailBodySchema,
  identityResponseSchema,
  resetPasswordBodySchema,
  tokenBodySchema,
  type AcceptedResponse,
} from '@admit/contracts/identity';
import { parseQuery } from '@/http/query-grammar';
import { publicOriginOf } from '@/modules/sellers/seller-site';
import { enforceRequestLimits, mailRequestLimits } from '@/modules/limits/request-limits';
import { createPasswordResetService } from './service';

const ACCEPTED: AcceptedResponse = {
  accepted: { _count: 1, _total: 1, _data: [{ accepted: true }] },
};

/** Registers `password_reset/request|validate|reset` (identity §7) under /api. */
export function registerPasswordResetRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const service = createPasswordResetService({ db, now: () => app.deps.now() });
  const sellerOf = (request: FastifyRequest) => {
    parseQuery({ context: 'password_reset', fields: {} }, request.query as Record<string, string>);
    return request.caller.seller;
  };
  const config = { caller: 'seller', callerContext: 'password_reset' } as const;

  app.post(
    '/api/password_reset/request',
    { schema: { body: emailBodySchema }, config },
    async (request, reply) => {
      const seller = sellerOf(request);
      const { email } = request.body;
      const now = app.deps.now();
      await enforceRequestLimits(
        db,
        'password_reset',
        mailRequestLimits('password_reset', request.ip, seller.id, email),
        now,
      );
      const origin = await publicOriginOf(db, seller.id, app.deps.config);
      if (await service.request(seller, email, origin)) app.mailSender.kick();
      // spec: identity §8 "forgot forms treat 404 as success" — one answer, known or not
      return reply.header('cache-control', 'no-store').send(acceptedResponseSchema.parse(ACCEPTED));
    },
  );

  app.post(
    '/api/password_reset/validate',
    { schema: { body: tokenBodySchema }, config },
    async (request, reply) => {
      const seller = sellerOf(request);
      const { token } = request.body;
      const body = await service.validate(seller, token);
      return reply.header('cache-control', 'no-store').send(identityResponseSchema.parse(body));
    },
  );

  app.post(
    '/api/password_reset/reset',
    { schema: { body: resetPasswordBodySchema }, config },
    async (request, reply) => {
      const seller = sellerOf(request);
      const { token, password } = request.body;
      const body = await service.reset(seller, token, password);
      return reply.header('cache-control', 'no-store').send(identityResponseSchema.parse(body));
    },
  );
}
