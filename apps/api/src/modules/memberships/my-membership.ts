import { asc, desc, eq, inArray } from 'drizzle-orm';
import { toCollection } from '@admit/contracts/envelope';
import type {
  AutoRenewState,
  IdentityLink,
  Membership,
  MembershipProgram,
  MembershipRole,
  MyMembershipResponse,
} from '@admit/contracts/membership';
import type { Db } from '@/db/connection';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { eventTemplate, ticketGroup, ticketType } from '@/db/schema/catalog';
import {
  membership,
  membershipIdentityLink,
  membershipProgram,
  membershipRole,
  type IdentityLinkRow,
  type MembershipProgramRow,
  type MembershipRoleRow,
  type MembershipRow,
} from '@/db/schema/memberships';
import type { SellerRef } from '@/http/request-context';
import { toEventTemplate, toTicket, toTicketGroup, toTicketType } from '@/modules/catalog/mappers';
import { renewalAllowedFrom } from './term';

/**
 * GET my/membership (identity §7: embed role, identity_link, ticket, ticket_order,
 * ticket.ticket_type, ticket.event_template, ticket.ticket_group, role.membership_program): the
 * caller's membership terms, latest ending first — current, to come and past (the storefront
 * tells a lapsed member from one who never was). Decision 0032.
 */

const MAX_TERMS = 100;

const benefitsOf = (stored: unknown): Membership['benefits'] => {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const out: Membership['benefits'] = {};
  for (const [key, value] of Object.entries(stored)) {
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
      out[key] = Math.floor(value);
    }
  }
  return out;
};

const AUTO_RENEW = new Set<string>(['scheduled', 'cancelled', 'requested', 'not_enrolled']);

export function toMembership(
  row: MembershipRow,
  program: MembershipProgramRow | undefined,
  timeZone: string,
): Membership {
  return {
    id: row.id,
    identity_id: row.identityId,
    member_code: row.memberCode,
    role: row.role,
    role_id: row.roleId,
    membership_program_id: row.membershipProgramId,
    ticket_order_id: row.ticketOrderId,
    auto_renew_state: (AUTO_RENEW.has(row.autoRenewState)
      ? row.autoRenewState
      : 'not_enrolled') as AutoRenewState,
    valid_from: row.validFrom.toISOString(),
    valid_to: row.validTo.toISOString(),
    renewal_allowed_from: program
      ? renewalAllowedFrom(row.validTo, program.renewalDays, timeZone).toISOString()
      : null,
    previous_membership_id: row.previousMembershipId,
    benefits: benefitsOf(row.benefits),
  };
}

const toRole = (row: MembershipRoleRow): MembershipRole => ({
  id: row.id,
  name: row.name,
  membership_program_id: row.membershipProgramId,
  ticket_type_id: row.ticketTypeId,
  benefits: benefitsOf(row.benefits),
});

const toProgram = (row: MembershipProgramRow): MembershipProgram => ({
  id: row.id,
  name: row.name,
  term_months: row.termMonths,
  renewal_days: row.renewalDays,
});

const toIdentityLink = (row: IdentityLinkRow): IdentityLink => ({
  id: row.id,
  membership_id: row.membershipId,
  identity_id: row.identityId,
  ticket_id: row.ticketId,
  party_role: row.partyRole,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
});

const ids = (values: (string | null)[]) => [
  ...new Set(values.filter((v): v is string => v !== null)),
];

/** The embeds of the terms, each read only when asked for (and only what the terms name). */
async function embedsOf(db: Db, terms: MembershipRow[], embeds: ReadonlySet<string>, now: Date) {
  const want = (name: string) => embeds.has(name);
  const roleIds = ids(terms.map((t) => t.roleId));
  const roles =
    roleIds.length > 0 && (want('role') || want('role.membership_program'))
      ? await db.select().from(membershipRole).where(inArray(membershipRole.id, roleIds))
      : [];
  const needLinks = want('identity_link') || [...embeds].some((e) => e.startsWith('ticket'));
  const links = needLinks
    ? await db
        .select()
        .from(membershipIdentityLink)
        .where(
          inArray(
            membershipIdentityLink.membershipId,
            terms.map((t) => t.id),
          ),
        )
        .orderBy(asc(membershipIdentityLink.membershipId), asc(membershipIdentityLink.rank))
    : [];
  const ticketIds = ids(links.map((l) => l.ticketId));
  const tickets =
    ticketIds.length > 0 && [...embeds].some((e) => e.startsWith('ticket.') || e === 'ticket')
      ? await db.select().from(ticket).where(inArray(ticket.id, ticketIds))
      : [];
  const rowsOf = async <T>(name: string, list: string[], read: (l: string[]) => Promise<T[]>) =>
    want(name) && list.length > 0 ? read(list) : want(name) ? [] : undefined;
  return {
    role: want('role') ? roles.map(toRole) : undefined,
    membership_program: await rowsOf(
      'role.membership_program',
      ids(roles.map((r) => r.membershipProgramId)),
      async (l) =>
        (await db.select().from(membershipProgram).where(inArray(membershipProgram.id, l))).map(
          toProgram,
        ),
    ),
    identity_link: want('identity_link') ? links.map(toIdentityLink) : undefined,
    ticket: want('ticket') ? tickets.map((t) => toTicket(t)) : undefined,
    ticket_order: await rowsOf('ticket_order', ids(terms.map((t) => t.ticketOrderId)), async (l) =>
      (await db.select().from(ticketOrder).where(inArray(ticketOrder.id, l))).map((o) => ({
        id: o.id,
        order_number: o.orderNumber,
        created_at: o.createdAt.toISOString(),
      })),
    ),
    ticket_type: await rowsOf(
      'ticket.ticket_type',
      ids(tickets.map((t) => t.ticketTypeId)),
      async (l) =>
        (await db.select().from(ticketType).where(inArray(ticketType.id, l))).map(toTicketType),
    ),
    event_template: await rowsOf(
      'ticket.event_template',
      ids(tickets.map((t) => t.eventTemplateId)),
      async (l) =>
        (await db.select().from(eventTemplate).where(inArray(eventTemplate.id, l))).map(
          toEventTemplate,
        ),
    ),
    ticket_group: await rowsOf(
      'ticket.ticket_group',
      ids(tickets.map((t) => t.ticketGroupId)),
      async (l) =>
        (await db.select().from(ticketGroup).where(inArray(ticketGroup.id, l))).map((g) =>
          toTicketGroup(g, now),
        ),
    ),
  };
}

/** Terms on the wire, each with its program's renewal opening. */
export async function toMemberships(
  db: Db,
  terms: MembershipRow[],
  timeZone: string,
): Promise<Membership[]> {
  const programIds = ids(terms.map((t) => t.membershipProgramId));
  const programs =
    programIds.length > 0
      ? await db.select().from(membershipProgram).where(inArray(membershipProgram.id, programIds))
      : [];
  const programOf = (id: string | null) => programs.find((p) => p.id === id);
  return terms.map((t) => toMembership(t, programOf(t.membershipProgramId), timeZone));
}

/**
 * The terms an order made, on the wire (identity §7 GET ticket_order/{id} "reading membership"):
 * whoever may read the order reads them, as they may cancel their auto-renew (decision 0038).
 */
export async function orderMemberships(
  db: Db,
  orderId: string,
  timeZone: string,
): Promise<Membership[]> {
  const terms = await db
    .select()
    .from(membership)
    .where(eq(membership.ticketOrderId, orderId))
    .orderBy(asc(membership.validFrom), asc(membership.id));
  return terms.length === 0 ? [] : toMemberships(db, terms, timeZone);
}

/** The caller's terms with the embeds asked for. */
export async function myMembership(
  db: Db,
  seller: SellerRef,
  identityId: string,
  embeds: ReadonlySet<string>,
  limit: number,
  now: Date,
): Promise<MyMembershipResponse> {
  const terms = await db
    .select()
    .from(membership)
    .where(eq(membership.identityId, identityId))
    .orderBy(desc(membership.validTo), desc(membership.createdAt))
    .limit(Math.min(limit, MAX_TERMS));
  const body: MyMembershipResponse = {
    membership: toCollection(await toMemberships(db, terms, seller.timezone)),
  };
  const embedded: Record<string, unknown[] | undefined> = await embedsOf(db, terms, embeds, now);
  for (const [name, items] of Object.entries(embedded)) {
    if (items !== undefined) (body as Record<string, unknown>)[name] = toCollection(items);
  }
  return body;
}

/** The term if `identityId` holds it (the QR is the holder's), else null. */
export async function ownMembership(
  db: Db,
  sellerId: string,
  identityId: string,
  membershipId: string,
): Promise<MembershipRow | null> {
  const [row] = await db.select().from(membership).where(eq(membership.id, membershipId)).limit(1);
  return row && row.sellerId === sellerId && row.identityId === identityId ? row : null;
}
