import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCEPTED } from '@admit/contracts/identity';
import {
  officePasswordResetRequestRoute,
  officePasswordResetRoute,
  officePasswordResetValidateRoute,
} from '@admit/contracts/routes/office';
import { parseQuery } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import { enforceRequestLimits, mailRequestLimits } from '@/modules/limits/request-limits';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import { requestStaffReset, resetStaffPasswordByLink, validateStaffReset } from './staff-reset';

/**
 * A staff user's own password reset by e-mail (decision 0095): no office session, the seller by
 * `_seller` or its domain, the visitors' mail limits (limits/request-limits.ts). Never cached.
 */

const config = { caller: 'seller', callerContext: 'office_password_reset' } as const;
const noQuery = { context: 'office_password_reset', fields: {} };

export const officeStaffResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.route({
    ...fromTable(officePasswordResetRequestRoute),
    config,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const { seller } = request.caller;
      const { email } = request.body;
      const now = app.deps.now();
      await enforceRequestLimits(
        db,
        'office_password_reset',
        mailRequestLimits('office_password_reset', request.ip, seller.id, email),
        now,
      );
      // the seller's own domain when it has one: the link opens the office there
      const origin = await storefrontRootOf(db, seller, app.deps.config, request);
      if (await requestStaffReset(db, seller, email, origin, now)) app.mailSender.kick();
      // one answer, staff or not (spec: identity §8 "forgot forms treat 404 as success")
      return reply.header('cache-control', 'no-store').send(ACCEPTED);
    },
  });

  app.route({
    ...fromTable(officePasswordResetValidateRoute),
    config,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      await validateStaffReset(db, request.caller.seller.id, request.body.token, app.deps.now());
      return reply.header('cache-control', 'no-store').send(ACCEPTED);
    },
  });

  app.route({
    ...fromTable(officePasswordResetRoute),
    config,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      await resetStaffPasswordByLink(db, request.caller.seller.id, request.body, app.deps.now());
      return reply.header('cache-control', 'no-store').send(ACCEPTED);
    },
  });
};
