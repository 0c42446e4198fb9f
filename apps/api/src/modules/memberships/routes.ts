import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBERSHIP_QR_MARGIN } from '@admit/contracts/membership';
import { membershipRulesRoute } from '@admit/contracts/routes/availability';
import { toCollection } from '@admit/contracts/envelope';
import { cancelMyAutoRenewRoute, myMembershipRoute } from '@admit/contracts/routes/orders';
import { AppError } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { isUuid } from '@/http/query-values';
import { registerReadRoute } from '@/http/read-route';
import { fromTable } from '@/http/table-route';
import { qrPng } from '@/lib/qr-png';
import { cancelMembershipAutoRenew } from './auto-renew-cancel';
import { membershipRulesQuery, myMembershipQuery } from './query-specs';

const membershipNotFound = () => new AppError('not_found', 'membership', 'Membership not found');

/** `margin` is read leniently below (a bad one falls back), so the schema keeps any string. */
const qrQuerySchema = z.looseObject({ margin: z.string().optional() });

/** The membership reads (shopping §7 `membership_rules`; identity §7 `my/membership`, QR). */
export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { memberships } = app;
  registerReadRoute(app, {
    route: membershipRulesRoute,
    query: membershipRulesQuery,
    handler: (ctx) => memberships.listRules(ctx),
  });

  const config = { caller: 'visitor', callerContext: 'membership' } as const;
  const loggedIn = (request: FastifyRequest) => {
    const { identity } = request.caller;
    if (identity.isPublic) throw new AppError('not_authorized', 'membership', 'Please log in');
    return identity;
  };

  app.route({
    ...fromTable(myMembershipRoute),
    config,
    handler: async (request, reply) => {
      const query = parseQuery(myMembershipQuery, request.query);
      const identity = loggedIn(request);
      const body = await memberships.mine(
        request.caller.seller,
        identity.id,
        query.embeds,
        query.limit,
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  // decision 0057: the holder cancels their own term's auto-renew, with or without an order
  // behind it (the spec's DELETE ticket_order/{id}/auto_renew needs one); a guest is asked to
  // log in, anyone else gets the 404 of a missing membership
  app.route({
    ...fromTable(cancelMyAutoRenewRoute),
    config,
    handler: async (request, reply) => {
      const { membershipId } = request.params;
      const holder = loggedIn(request);
      const { seller } = request.caller;
      if (!isUuid(membershipId)) throw membershipNotFound();
      const row = await memberships.own(seller.id, holder.id, membershipId.toLowerCase());
      if (!row) throw membershipNotFound();
      const terms = await cancelMembershipAutoRenew(
        { db: app.deps.database.db, config: app.deps.config },
        seller,
        row.id,
      );
      return reply.header('cache-control', 'no-store').send({ membership: toCollection(terms) });
    },
  });

  // spec: identity §7 — /api/membership/{id}/qrcode?margin=2: the member ID as a QR code, for
  // the holder only (anyone else, a guest too, gets the 404 of a missing membership)
  app.get(
    '/api/membership/:id/qrcode',
    {
      schema: {
        params: z.object({ id: z.string() }),
        querystring: qrQuerySchema,
        response: { 200: z.instanceof(Buffer) },
      },
      config,
    },
    async (request, reply) => {
      const { id } = request.params;
      const { margin } = request.query;
      const { identity, seller } = request.caller;
      if (!isUuid(id) || identity.isPublic) throw membershipNotFound();
      const row = await memberships.own(seller.id, identity.id, id.toLowerCase());
      if (!row) throw membershipNotFound();
      const asked = margin !== undefined && /^\d{1,2}$/.test(margin) ? Number(margin) : undefined;
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, no-store')
        .send(await qrPng(row.memberCode, asked ?? MEMBERSHIP_QR_MARGIN, MEMBERSHIP_QR_MARGIN));
    },
  );
};
