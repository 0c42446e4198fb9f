import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  officeEventsRoute,
  officeOrderCancelRoute,
  officeOrderMoveRoute,
  officeOrderNoteRoute,
  officeOrderReissueRoute,
  officeOrderResendRoute,
  officeOrderRoute,
  officeOrderSearchRoute,
} from '@admit/contracts/routes/office-orders';
import { toCollection } from '@admit/contracts/envelope';
import { parseQuery } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import type { AuditActor } from '@/modules/office/audit';
import { OFFICE_ROLES } from '@/modules/office/office-plugin';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import {
  addNote,
  cancelTickets,
  reissueScanCode,
  resendConfirmation,
  type OfficeActionDeps,
} from './actions';
import { moveTickets } from './move';
import { officeOrderView } from './order-view';
import { officeEvents } from './events';
import { searchOrders } from './search';

/**
 * The box office's orders (issue #27, decision 0087): `/api/office/ticket_order…`, owners and
 * box office only (a door user is refused), the seller's own orders only. Every action answers
 * the order as it now is.
 */

const config = { caller: 'seller', callerContext: 'ticket_order' } as const;

/** What the handlers read of a request on one order. */
type OrderRequest = Pick<FastifyRequest, 'staff' | 'caller'> & { params: { orderId: string } };

const actorOf = (request: Pick<FastifyRequest, 'staff'>): AuditActor => ({
  staffUserId: request.staff.staffUserId,
  name: request.staff.email,
});

export const officeOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const boxOffice = app.requireStaff(OFFICE_ROLES.boxOffice);
  const deps: OfficeActionDeps = {
    db,
    now: () => app.deps.now(),
    log: app.log.child({ module: 'office-orders' }),
    origin: (seller) => storefrontRootOf(db, seller, app.deps.config),
  };
  const answer = async (request: OrderRequest) =>
    officeOrderView(db, request.staff.sellerId, request.params.orderId);

  app.route({
    ...fromTable(officeOrderSearchRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      const answer = await searchOrders(db, request.caller.seller, request.query);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  // the search's event picker (decision 0095): every event of the seller, whatever its visibility
  app.route({
    ...fromTable(officeEventsRoute),
    config: { ...config, callerContext: 'event_template' },
    preHandler: boxOffice,
    handler: async (request, reply) => {
      parseQuery({ context: 'event_template', fields: {} }, request.query);
      const answer = await officeEvents(db, request.staff.sellerId);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeOrderRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await answer(request)),
  });

  const action = (request: OrderRequest, reason: string) => ({
    seller: request.caller.seller,
    actor: actorOf(request),
    orderId: request.params.orderId,
    reason,
  });

  app.route({
    ...fromTable(officeOrderResendRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      await resendConfirmation(deps, action(request, request.body.reason));
      return reply.header('cache-control', 'no-store').send(await answer(request));
    },
  });

  app.route({
    ...fromTable(officeOrderCancelRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      await cancelTickets(deps, {
        ...action(request, request.body.reason),
        ticketIds: request.body.tickets,
      });
      return reply.header('cache-control', 'no-store').send(await answer(request));
    },
  });

  app.route({
    ...fromTable(officeOrderNoteRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      await addNote(deps, action(request, request.body.note));
      return reply.header('cache-control', 'no-store').send(await answer(request));
    },
  });

  app.route({
    ...fromTable(officeOrderReissueRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      await reissueScanCode(deps, {
        ...action(request, request.body.reason),
        ticketId: request.body.ticket_id,
      });
      return reply.header('cache-control', 'no-store').send(await answer(request));
    },
  });

  app.route({
    ...fromTable(officeOrderMoveRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      const effect = await moveTickets(deps, {
        ...action(request, request.body.reason),
        ticketIds: request.body.tickets,
        sessionId: request.body.event_session_id,
        // staff plan as the seller's public identity, members-only types allowed: the ticket's
        // type was already sold to this buyer (decision 0094)
        identity: {
          ...(await app.identities.publicIdentity(request.caller.seller)),
          isMember: true,
        },
        settle: request.body.settle,
        dryRun: request.body.dry_run ?? false,
      });
      const view = await answer(request);
      return reply
        .header('cache-control', 'no-store')
        .send({ ...view, order_move: toCollection([effect]) });
    },
  });
};
