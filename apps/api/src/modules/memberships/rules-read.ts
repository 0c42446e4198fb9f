import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { MembershipRule, MembershipRulesResponse } from '@admit/contracts/membership';
import type { Db } from '@/db/connection';
import { eventTemplate, ticketGroup, ticketType } from '@/db/schema/catalog';
import { membershipRule, type MembershipRuleRow } from '@/db/schema/memberships';
import type { RequestIdentity } from '@/http/request-context';
import type { ReadContext } from '@/http/read-route';
import { allOf, filterConditions } from '@/http/query-sql';
import { resourceBody } from '@/http/wire';
import { toTicketType } from '@/modules/catalog/mappers';

/**
 * GET membership_rules (shopping §7 "embed ticket_type, limit 1000; also filtered by
 * ticket_type.id list"). Rules of members-only levels are shown to members only, like the
 * levels themselves (shopping §6).
 */

const membersOnlyHidden = (identity: RequestIdentity) =>
  identity.isMember
    ? sql`true`
    : sql`${ticketGroup.hiddenType} <> 'public_member_only' and ${eventTemplate.hiddenType} <> 'public_member_only'`;

export function toMembershipRule(row: MembershipRuleRow): MembershipRule {
  return {
    id: row.id,
    ticket_type_id: row.ticketTypeId,
    ticket_group_id: row.ticketGroupId,
    party_role: row.partyRole,
    min: row.min,
    max: row.max,
    named: row.named as MembershipRule['named'],
    emailed: row.emailed as MembershipRule['emailed'],
  };
}

export async function listMembershipRules(
  db: Db,
  ctx: ReadContext,
): Promise<MembershipRulesResponse> {
  const { query } = ctx;
  const where = allOf([
    eq(membershipRule.sellerId, ctx.seller.id),
    membersOnlyHidden(ctx.identity),
    ...filterConditions(query.filters),
    ...filterConditions(query.relations.get('ticket_type')),
  ]);
  const rows = await db
    .select({ rule: membershipRule, total: sql<number>`cast(count(*) over () as integer)` })
    .from(membershipRule)
    .innerJoin(ticketType, eq(ticketType.id, membershipRule.ticketTypeId))
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticketType.ticketGroupId))
    .innerJoin(eventTemplate, eq(eventTemplate.id, ticketGroup.eventTemplateId))
    .where(where)
    .orderBy(
      asc(ticketType.rank),
      asc(membershipRule.ticketTypeId),
      asc(membershipRule.rank),
      asc(membershipRule.partyRole),
    )
    .limit(query.limit);
  const rules = rows.map((r) => r.rule);
  const typeIds = [...new Set(rules.map((r) => r.ticketTypeId))];
  const types =
    query.embeds.has('ticket_type') && typeIds.length > 0
      ? await db
          .select()
          .from(ticketType)
          .where(inArray(ticketType.id, typeIds))
          .orderBy(asc(ticketType.rank), asc(ticketType.id))
      : null;
  return resourceBody(
    'membership_rules',
    { data: rules.map(toMembershipRule), total: rows[0]?.total ?? 0 },
    { ticket_type: types?.map(toTicketType) },
  );
}
