import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  officeMemberAutoRenewCancelRoute,
  officeMemberCardResendRoute,
  officeMemberExtendRoute,
  officeMembersRoute,
} from '@admit/contracts/routes/office-members';
import { AppError } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { isUuid } from '@/http/query-values';
import { fromTable } from '@/http/table-route';
import { staffActor } from '@/modules/office/audit';
import { OFFICE_ROLES } from '@/modules/office/office-plugin';
import { createOfficeMembers } from './service';

/**
 * The office's member routes (decision 0089), owner and box office: find a member, cancel a
 * term's auto-renew, resend the card, extend a term. Needs `app.resend` (resend-plugin.ts).
 */

const config = { caller: 'seller', callerContext: 'membership' } as const;
const noQuery = { context: 'membership', fields: {} };

const termIdOf = (id: string) => {
  if (!isUuid(id)) throw new AppError('not_found', 'membership', 'Membership not found');
  return id.toLowerCase();
};

export const officeMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = createOfficeMembers({
    db: app.deps.database.db,
    config: app.deps.config,
    resend: app.resend,
  });
  const boxOffice = app.requireStaff(OFFICE_ROLES.boxOffice);

  app.route({
    ...fromTable(officeMembersRoute),
    config: { ...config, callerContext: 'member' },
    preHandler: boxOffice,
    handler: async (request, reply) => {
      // `q` is the search text, not a filter of the query grammar, which checks the rest
      const { q, ...rest } = request.query;
      parseQuery({ context: 'member', fields: {} }, rest);
      const answer = await members.find(request.staff.sellerId, q, app.deps.now());
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeMemberAutoRenewCancelRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const answer = await members.cancelAutoRenew(
        request.caller.seller,
        termIdOf(request.params.membershipId),
        request.body.reason,
        staffActor(request),
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeMemberCardResendRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const answer = await members.resendCard(
        request.caller.seller,
        termIdOf(request.params.membershipId),
        request.body.reason,
        staffActor(request),
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeMemberExtendRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const answer = await members.extend(
        request.staff.sellerId,
        termIdOf(request.params.membershipId),
        request.body,
        staffActor(request),
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
};
