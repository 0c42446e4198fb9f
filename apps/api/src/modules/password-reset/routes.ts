import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  acceptedResponseSchema,
  emailBodySchema,
  identityResponseSchema,
  resetPasswordBodySchema,
  tokenBodySchema,
  type AcceptedResponse,
} from '@admit/contracts/identity';
import { parseQuery } from '@/http/query-grammar';
import { resolveSeller } from '@/http/request-context';
import { publicOriginOf } from '@/modules/sellers/seller-site';
import { enforceRequestLimits, mailRequestLimits } from '@/modules/limits/request-limits';
import { createPasswordResetService } from './service';

const ACCEPTED: AcceptedResponse = {
  accepted: { _count: 1, _total: 1, _data: [{ accepted: true }] },
};

/** Registers `password_reset/request|validate|reset` (identity §7) under /api. */
export function registerPasswordResetRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  const service = createPasswordResetService({ db, now: () => app.deps.now() });
  const sellerOf = (request: FastifyRequest) =>
    resolveSeller(
      app,
      parseQuery({ context: 'password_reset', fields: {} }, request.query as Record<string, string>)
        .seller,
    );

  app.post(
    '/api/password_reset/request',
    { schema: { body: emailBodySchema } },
    async (request, reply) => {
      const seller = await sellerOf(request);
      const { email } = emailBodySchema.parse(request.body);
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
    { schema: { body: tokenBodySchema } },
    async (request, reply) => {
      const seller = await sellerOf(request);
      const { token } = tokenBodySchema.parse(request.body);
      const body = await service.validate(seller, token);
      return reply.header('cache-control', 'no-store').send(identityResponseSchema.parse(body));
    },
  );

  app.post(
    '/api/password_reset/reset',
    { schema: { body: resetPasswordBodySchema } },
    async (request, reply) => {
      const seller = await sellerOf(request);
      const { token, password } = resetPasswordBodySchema.parse(request.body);
      const body = await service.reset(seller, token, password);
      return reply.header('cache-control', 'no-store').send(identityResponseSchema.parse(body));
    },
  );
}
