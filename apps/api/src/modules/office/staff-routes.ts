import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  officeAuditRoute,
  staffPasswordResetRoute,
  staffUserCreateRoute,
  staffUserPatchRoute,
  staffUsersRoute,
} from '@admit/contracts/routes/office';
import { isUuid } from '@/http/query-values';
import { AppError } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import { listAudit, staffActor } from './audit';
import { OFFICE_ROLES } from './office-plugin';
import { addStaff, changeStaff, resetStaffPassword, staffUsersOf } from './staff-service';

/**
 * The owner's office routes (decision 0083): the seller's staff (list, add, change role,
 * disable, reset password) and the audit log. Each write is audited by the service.
 */

const config = { caller: 'seller', callerContext: 'staff_user' } as const;
const noQuery = { context: 'staff_user', fields: {} };

/** A staff user id in the path: anything but a UUID names no one (404, not a 500). */
function staffIdOf(id: string): string {
  if (!isUuid(id)) throw new AppError('not_found', 'staff_user', 'Staff user not found');
  return id;
}

export const officeStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const ownerOnly = app.requireStaff(OFFICE_ROLES.owner);

  app.route({
    ...fromTable(staffUsersRoute),
    config,
    preHandler: ownerOnly,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const answer = await staffUsersOf(db, request.staff.sellerId);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(staffUserCreateRoute),
    config,
    preHandler: ownerOnly,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const answer = await addStaff(
        db,
        request.staff.sellerId,
        request.body,
        staffActor(request),
        app.deps.now(),
      );
      return reply.code(201).header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(staffUserPatchRoute),
    config,
    preHandler: ownerOnly,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const answer = await changeStaff(
        db,
        request.staff.sellerId,
        staffIdOf(request.params.staffUserId),
        request.body,
        staffActor(request),
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(staffPasswordResetRoute),
    config,
    preHandler: ownerOnly,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const answer = await resetStaffPassword(
        db,
        request.staff.sellerId,
        staffIdOf(request.params.staffUserId),
        request.body,
        staffActor(request),
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeAuditRoute),
    config: { ...config, callerContext: 'audit' },
    preHandler: ownerOnly,
    handler: async (request, reply) => {
      const answer = await listAudit(db, request.staff.sellerId, request.query);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
};
