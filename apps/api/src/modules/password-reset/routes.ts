import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCEPTED } from '@admit/contracts/identity';
import {
  passwordResetRequestRoute,
  passwordResetRoute,
  passwordResetValidateRoute,
} from '@admit/contracts/routes/identity';
import { parseQuery } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import { enforceRequestLimits, mailRequestLimits } from '@/modules/limits/request-limits';

const checkQuery = (query: Record<string, string>) =>
  parseQuery({ context: 'password_reset', fields: {} }, query);

/** `password_reset/request|validate|reset` (identity §7) under /api, over `app.passwordReset`. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const config = { caller: 'seller', callerContext: 'password_reset' } as const;

  app.route({
    ...fromTable(passwordResetRequestRoute),
    config: config,
    handler: async (request, reply) => {
      checkQuery(request.query);
      const { seller } = request.caller;
      const { email } = request.body;
      const now = app.deps.now();
      await enforceRequestLimits(
        db,
        'password_reset',
        mailRequestLimits('password_reset', request.ip, seller.id, email),
        now,
      );
      const origin = await storefrontRootOf(db, seller, app.deps.config, request);
      if (await app.passwordReset.request(seller, email, origin)) app.mailSender.kick();
      // spec: identity §8 "forgot forms treat 404 as success" — one answer, known or not
      return reply.header('cache-control', 'no-store').send(ACCEPTED);
    },
  });

  app.route({
    ...fromTable(passwordResetValidateRoute),
    config: config,
    handler: async (request, reply) => {
      checkQuery(request.query);
      const body = await app.passwordReset.validate(request.caller.seller, request.body.token);
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  app.route({
    ...fromTable(passwordResetRoute),
    config: config,
    handler: async (request, reply) => {
      checkQuery(request.query);
      const { token, password } = request.body;
      const body = await app.passwordReset.reset(request.caller.seller, token, password);
      return reply.header('cache-control', 'no-store').send(body);
    },
  });
};
