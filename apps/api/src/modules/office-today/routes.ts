import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { officeTodayRoute } from '@admit/contracts/routes/office-reports';
import { parseQuery } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import { OFFICE_ROLES } from '@/modules/office/office-plugin';
import { officeToday } from './service';

/** GET /api/office/today (decision 0088): every role, the door included. */
export const officeTodayRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.route({
    ...fromTable(officeTodayRoute),
    config: { caller: 'seller', callerContext: 'office_today' },
    preHandler: app.requireStaff(OFFICE_ROLES.door),
    handler: async (request, reply) => {
      parseQuery({ context: 'office_today', fields: {} }, request.query);
      const answer = await officeToday(db, request.caller.seller, app.deps.now());
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
};
