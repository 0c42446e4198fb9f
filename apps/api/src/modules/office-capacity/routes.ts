import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closedDateRoute,
  sessionCapacitiesRoute,
  sessionCapacityPatchRoute,
} from '@admit/contracts/routes/office-capacity';
import { AppError } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { isUuid } from '@/http/query-values';
import { fromTable } from '@/http/table-route';
import { staffActor } from '@/modules/office/audit';
import { OFFICE_ROLES } from '@/modules/office/office-plugin';
import { changeSessionCapacity, closeDate, listSessionCapacity } from './service';

/**
 * The office's capacity routes (decision 0089), owner and box office: the sessions of a day
 * with held and sold places, a session's capacity and closed flag, and closing a whole date.
 */

const config = { caller: 'seller', callerContext: 'session_capacity' } as const;
const noQuery = { context: 'session_capacity', fields: {} };

export const officeCapacityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const boxOffice = app.requireStaff(OFFICE_ROLES.boxOffice);

  app.route({
    ...fromTable(sessionCapacitiesRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      const answer = await listSessionCapacity(db, request.staff.sellerId, request.query);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(sessionCapacityPatchRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const id = request.params.eventSessionId;
      if (!isUuid(id)) throw new AppError('not_found', 'session_capacity', 'Session not found');
      const answer = await changeSessionCapacity(
        db,
        request.staff.sellerId,
        id,
        request.body,
        staffActor(request),
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(closedDateRoute),
    config: { ...config, callerContext: 'closed_date' },
    preHandler: boxOffice,
    handler: async (request, reply) => {
      parseQuery({ ...noQuery, context: 'closed_date' }, request.query);
      const answer = await closeDate(
        db,
        request.staff.sellerId,
        request.body,
        staffActor(request),
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
};
