import type { Db } from '@/db/connection';
import { membershipProgram, membershipRole, membershipRule } from '@/db/schema/memberships';
import {
  makeEvent,
  makeSeller,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
  type EventRow,
  type SellerRow,
  type TicketGroupRow,
  type TicketTypeRow,
} from './factories';

type RuleInsert = Omit<
  typeof membershipRule.$inferInsert,
  'sellerId' | 'ticketTypeId' | 'ticketGroupId'
>;

/**
 * A seller selling memberships: a membership event whose group (handler `membership`) has two
 * levels, Individual ($75: one named, e-mailed primary) and Family ($180: the primary, an
 * optional second adult, and unnamed children with a negative max, i.e. 10), in one program
 * (`termMonths`, `renewalDays`). Benefits name the given member ticket types when any.
 */
export interface MembershipScene {
  seller: SellerRow;
  event: EventRow;
  group: TicketGroupRow;
  individual: TicketTypeRow;
  family: TicketTypeRow;
  programId: string;
  roles: { individual: string; family: string };
}

export const FAMILY_RULES: RuleInsert[] = [
  { partyRole: 'primary', min: 1, max: 1, named: 'yes', emailed: 'yes', rank: 0 },
  { partyRole: 'adult', min: 0, max: 1, named: 'optional', emailed: 'other', rank: 1 },
  { partyRole: 'child', min: 0, max: -1, named: 'no', emailed: 'no', rank: 2 },
];

export async function makeMembershipScene(
  db: Db,
  options: {
    seller?: SellerRow;
    sellerConfig?: Record<string, unknown>;
    termMonths?: number;
    renewalDays?: number;
    benefits?: { individual?: Record<string, number>; family?: Record<string, number> };
    hiddenType?: string;
  } = {},
): Promise<MembershipScene> {
  const seller = options.seller ?? (await makeSeller(db, { config: options.sellerConfig ?? {} }));
  const venue = await makeVenue(db, seller);
  const event = await makeEvent(db, seller, {
    venueId: venue.id,
    eventType: 'other',
    name: 'Become a Member',
  });
  const group = await makeTicketGroup(db, event, {
    name: 'Levels',
    handler: 'membership',
    ...(options.hiddenType ? { hiddenType: options.hiddenType } : {}),
  });
  const individual = await makeTicketType(db, group, { name: 'Individual', amount: 7500, rank: 0 });
  const family = await makeTicketType(db, group, { name: 'Family', amount: 18000, rank: 1 });
  const [program] = await db
    .insert(membershipProgram)
    .values({
      sellerId: seller.id,
      name: 'Membership',
      termMonths: options.termMonths ?? 12,
      renewalDays: options.renewalDays ?? 60,
    })
    .returning();
  const roles = await db
    .insert(membershipRole)
    .values([
      {
        sellerId: seller.id,
        membershipProgramId: program!.id,
        ticketTypeId: individual.id,
        name: 'Individual',
        benefits: options.benefits?.individual ?? {},
      },
      {
        sellerId: seller.id,
        membershipProgramId: program!.id,
        ticketTypeId: family.id,
        name: 'Family',
        benefits: options.benefits?.family ?? {},
      },
    ])
    .returning();
  const rule = (type: TicketTypeRow, r: RuleInsert) => ({
    ...r,
    sellerId: seller.id,
    ticketTypeId: type.id,
    ticketGroupId: group.id,
  });
  await db
    .insert(membershipRule)
    .values([
      rule(individual, { partyRole: 'primary', min: 1, max: 1, named: 'yes', emailed: 'yes' }),
      ...FAMILY_RULES.map((r) => rule(family, r)),
    ]);
  return {
    seller,
    event,
    group,
    individual,
    family,
    programId: program!.id,
    roles: { individual: roles[0]!.id, family: roles[1]!.id },
  };
}

/** A reserve body buying one level with these members (`admit_name` "First Last"). */
export function membersBody(
  level: { id: string },
  members: { name?: string; email?: string; party_role?: string }[],
) {
  return {
    reserve: {
      tickets: members.map((m) => ({
        ticket_type_id: level.id,
        ...(m.name ? { admit_name: m.name } : {}),
        ...(m.email ? { admit_email: m.email } : {}),
        ...(m.party_role ? { party_role: m.party_role } : {}),
      })),
    },
  };
}
