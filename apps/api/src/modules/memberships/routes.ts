import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MEMBERSHIP_QR_MARGIN,
  membershipRulesResponseSchema,
  myMembershipResponseSchema,
} from '@admit/contracts/membership';
import { AppError } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { isUuid } from '@/http/query-values';
import { registerReadRoute } from '@/http/read-route';
import { qrPng } from '@/lib/qr-png';
import { myMembership, ownMembership } from './my-membership';
import { membershipRulesQuery, myMembershipQuery } from './query-specs';
import { listMembershipRules } from './rules-read';

const membershipNotFound = () => new AppError('not_found', 'membership', 'Membership not found');

/** The membership reads (shopping §7 `membership_rules`; identity §7 `my/membership`, QR). */
export function registerMembershipRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  registerReadRoute(app, {
    path: '/membership_rules',
    query: membershipRulesQuery,
    response: membershipRulesResponseSchema,
    handler: (ctx) => listMembershipRules(db(), ctx),
  });

  const config = { caller: 'visitor', callerContext: 'membership' } as const;
  const loggedIn = (request: FastifyRequest) => {
    const { identity } = request.caller;
    if (identity.isPublic) throw new AppError('not_authorized', 'membership', 'Please log in');
    return identity;
  };

  app.get('/api/my/membership', { config }, async (request, reply) => {
    const query = parseQuery(myMembershipQuery, request.query as Record<string, string>);
    const identity = loggedIn(request);
    const body = await myMembership(
      db(),
      request.caller.seller,
      identity.id,
      query.embeds,
      query.limit,
      app.deps.now(),
    );
    return reply.header('cache-control', 'no-store').send(myMembershipResponseSchema.parse(body));
  });

  // spec: identity §7 — /api/membership/{id}/qrcode?margin=2: the member ID as a QR code, for
  // the holder only (anyone else, a guest too, gets the 404 of a missing membership)
  app.get('/api/membership/:id/qrcode', { config }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const { margin } = request.query as { margin?: string };
    const { identity, seller } = request.caller;
    if (!isUuid(id) || identity.isPublic) throw membershipNotFound();
    const row = await ownMembership(db(), seller.id, identity.id, id.toLowerCase());
    if (!row) throw membershipNotFound();
    const asked = margin !== undefined && /^\d{1,2}$/.test(margin) ? Number(margin) : undefined;
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'private, no-store')
      .send(await qrPng(row.memberCode, asked ?? MEMBERSHIP_QR_MARGIN, MEMBERSHIP_QR_MARGIN));
  });
}
