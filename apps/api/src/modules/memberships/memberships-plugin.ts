import fp from 'fastify-plugin';
import type { Db } from '@/db/connection';
import type { ReadContext } from '@/http/read-route';
import type { SellerRef } from '@/http/request-context';
import { myMembership, ownMembership } from './my-membership';
import { listMembershipRules } from './rules-read';

/** The membership reads over the app's database (shopping §7, identity §7). */
export function createMembershipService(db: Db) {
  return {
    /** GET membership_rules */
    listRules: (ctx: ReadContext) => listMembershipRules(db, ctx),
    /** GET my/membership: the caller's terms, latest ending first */
    mine: (
      seller: SellerRef,
      identityId: string,
      embeds: ReadonlySet<string>,
      limit: number,
      now: Date,
    ) => myMembership(db, seller, identityId, embeds, limit, now),
    /** the membership when it is this identity's own at this seller, else null */
    own: (sellerId: string, identityId: string, membershipId: string) =>
      ownMembership(db, sellerId, identityId, membershipId),
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** the membership reads: rules, the caller's memberships, one's own membership */
    memberships: MembershipService;
  }
}

/** Builds the membership service once: `app.memberships`. */
export const membershipsService = fp(
  async (app) => {
    app.decorate('memberships', createMembershipService(app.deps.database.db));
  },
  { name: 'memberships-service' },
);
