import type { FastifyInstance } from 'fastify';
import { membershipRulesResponseSchema } from '@admit/contracts/membership';
import { registerReadRoute } from '@/http/read-route';
import { membershipRulesQuery } from './query-specs';
import { listMembershipRules } from './rules-read';

/** The membership reads (shopping §7 `membership_rules`). */
export function registerMembershipRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  registerReadRoute(app, {
    path: '/membership_rules',
    query: membershipRulesQuery,
    response: membershipRulesResponseSchema,
    handler: (ctx) => listMembershipRules(db(), ctx),
  });
}
