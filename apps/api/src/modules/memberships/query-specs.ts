import { sql } from 'drizzle-orm';
import { MEMBERSHIP_RULE_EMBEDS, MY_MEMBERSHIP_EMBEDS } from '@admit/contracts/membership';
import { membershipRule } from '@/db/schema/memberships';
import type { QuerySpec } from '@/http/query-grammar';

/** What the membership reads accept (shopping §7, identity §7). Anything else is a 400. */

/** GET membership_rules: `ticket_type.id._in` is the type's own column (one type per rule). */
export const membershipRulesQuery: QuerySpec = {
  context: 'membership_rules',
  fields: {
    id: { sql: sql`${membershipRule.id}`, type: 'uuid' },
    ticket_type_id: { sql: sql`${membershipRule.ticketTypeId}`, type: 'uuid' },
    ticket_group_id: { sql: sql`${membershipRule.ticketGroupId}`, type: 'uuid' },
    party_role: { sql: sql`${membershipRule.partyRole}`, type: 'text' },
  },
  relations: {
    ticket_type: { fields: { id: { sql: sql`${membershipRule.ticketTypeId}`, type: 'uuid' } } },
  },
  embeds: MEMBERSHIP_RULE_EMBEDS,
};

/** GET my/membership */
export const myMembershipQuery: QuerySpec = {
  context: 'membership',
  fields: {},
  embeds: MY_MEMBERSHIP_EMBEDS,
};
