import type { CartModifyBody } from '@admit/contracts/cart';
import { decimalToMinor } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import type { eventTemplate, ticketGroup, ticketType } from '@/db/schema/catalog';
import type { eventSession } from '@/db/schema/sessions';
import { AppError, notFound, validationFailed } from '@/http/app-error';
import type { RequestIdentity } from '@/http/request-context';
import { isWithinSalesWindow, validFromTo } from '@/modules/availability/rules';
import { planMemberTickets } from '@/modules/memberships/reserve-members';
import { priceAtSession, type SessionPriceMap } from '@/modules/pricing/session-prices';
import { selectBundleRows, type BundleRows } from './bundle-repo';
import { capacityRefusal } from './capacity-refusal';
import { eventHasSessions } from './repo';
import { checkRequestedCounts } from './request-counts';
import { validateAdditionalInfo } from './survey';

/**
 * Turns the `add` and `reserve` parts of a modify body into checked tickets (issue "Order
 * rules before taking capacity"). Everything that does not depend on the cart's current
 * contents is checked here, before any transaction; the per-order limits that do are checked
 * by `checkOrderLimits` inside it.
 */

type GroupRow = typeof ticketGroup.$inferSelect;
type SessionRow = typeof eventSession.$inferSelect;

export interface PlannedTicket {
  type: typeof ticketType.$inferSelect;
  group: GroupRow;
  event: typeof eventTemplate.$inferSelect;
  session: SessionRow | null;
  faceValue: number;
  admitName: string | null;
  admitEmail: string | null;
  additionalInfo: Record<string, unknown> | null;
  seatTemplateId: string | null;
  validFrom: Date | null;
  validTo: Date | null;
  /** a membership's member: the party role (memberships/reserve-members.ts) */
  partyRole: string | null;
}

interface TicketRequest {
  ticketTypeId: string;
  sessionId: string | null;
  faceValue?: string;
  admitName?: string;
  admitEmail?: string;
  additionalInfo?: Record<string, unknown>;
  seatTemplateId?: string;
  partyRole?: string;
}

function ticketRequests(body: CartModifyBody): TicketRequest[] {
  checkRequestedCounts(body);
  const added = (body.add ?? []).flatMap((line) =>
    line.ticket_types_required.map((required) => ({ line, required })),
  );
  const requests: TicketRequest[] = [];
  for (const { line, required } of added) {
    for (let i = 0; i < required.quantity; i++) {
      requests.push({
        ticketTypeId: required.ticket_type_id,
        sessionId: line.event_session_id ?? null,
        faceValue: required.face_value,
        seatTemplateId: required.seat_template_id,
      });
    }
  }
  for (const t of body.reserve?.tickets ?? []) {
    requests.push({
      ticketTypeId: t.ticket_type_id,
      sessionId: t.event_session_id ?? null,
      faceValue: t.face_value,
      admitName: t.admit_name,
      admitEmail: t.admit_email,
      additionalInfo: t.additional_info,
      seatTemplateId: t.seat_template_id,
      partyRole: t.party_role,
    });
  }
  return requests;
}

/** A group's setting, else its event's (admit_names / admit_emails: disabled|optional|required). */
function settingOf(
  metaRows: { resourceId: string; key: string; value: unknown }[],
  key: string,
  ids: string[],
) {
  for (const id of ids) {
    const row = metaRows.find((m) => m.resourceId === id && m.key === key);
    if (row) return row.value;
  }
  return undefined;
}

/**
 * The ticket's price: the buyer's amount of a flexible type, else the type's price at its
 * session (its own there, else the type's: decision 0043).
 */
function faceValueOf(
  type: PlannedTicket['type'],
  given: string | undefined,
  sessionPrices: SessionPriceMap | undefined,
): number {
  const flexible = type.amountMin !== null || type.amountMax !== null;
  if (given === undefined) return priceAtSession(type, sessionPrices);
  if (!flexible) {
    throw validationFailed('reserve', 'face_value', 'this ticket type has a fixed price');
  }
  const value = decimalToMinor(given);
  // spec: shopping §5 — "Value entered is outside min/max"
  if (
    (type.amountMin !== null && value < type.amountMin) ||
    (type.amountMax !== null && value > type.amountMax)
  ) {
    throw new AppError(
      'validation_failed',
      'reserve',
      'face_value: Value entered is outside min/max',
      {
        field: 'face_value',
        ticket_type_id: type.id,
      },
    );
  }
  return value;
}

/** How a plan gets its rows: straight from the database, or through the service's cache. */
export type BundleRowsLoader = (
  sellerId: string,
  ids: { types: string[]; sessions: string[] },
) => Promise<BundleRows>;

/** Loads and checks every requested ticket; throws the first rule it breaks. */
export async function planTickets(
  db: Db,
  sellerId: string,
  identity: RequestIdentity,
  body: CartModifyBody,
  now: Date,
  loadRows: BundleRowsLoader = (seller, ids) => selectBundleRows(db, seller, ids, null),
): Promise<{ planned: PlannedTicket[]; rows: BundleRows | null }> {
  const requests = ticketRequests(body);
  if (requests.length === 0) return { planned: [], rows: null };
  const typeIds = [...new Set(requests.map((r) => r.ticketTypeId))];
  const sessionIds = [...new Set(requests.flatMap((r) => (r.sessionId ? [r.sessionId] : [])))];
  // the bundle's own read: every row a rule needs, and what a new cart's answer shows
  const rows = await loadRows(sellerId, { types: typeIds, sessions: sessionIds });
  const { sessions, metas: metaRows } = rows;
  const groupById = new Map(rows.groups.map((g) => [g.id, g]));
  const eventById = new Map(rows.events.map((e) => [e.id, e]));
  const sessionsNeeded = new Map<string, boolean>();

  const planned: PlannedTicket[] = [];
  for (const request of requests) {
    const typeRow = rows.types.find((t) => t.id === request.ticketTypeId);
    const groupRow = typeRow && groupById.get(typeRow.ticketGroupId);
    const eventRow = groupRow && eventById.get(groupRow.eventTemplateId);
    const found =
      typeRow && groupRow && eventRow
        ? { type: typeRow, group: groupRow, event: eventRow }
        : undefined;
    const membersOnly = (hidden: string) => hidden === 'public_member_only' && !identity.isMember;
    if (!found || membersOnly(found.group.hiddenType) || membersOnly(found.event.hiddenType)) {
      throw new AppError('not_found', 'reserve', 'Ticket type not found', {
        ticket_type_id: request.ticketTypeId,
      });
    }
    const { type, group, event } = found;
    if (!type.available) {
      throw validationFailed('reserve', 'ticket_type_id', 'this ticket type is not available');
    }
    if (!isWithinSalesWindow({ sales_start: group.salesStart, sales_end: group.salesEnd }, now)) {
      throw new AppError(
        'validation_failed',
        'reserve',
        'ticket_type_id: not on sale at this time',
        {
          field: 'ticket_type_id',
          ticket_group_id: group.id,
        },
      );
    }
    // a group flagged sold out is closed (decision 0006); an unlimited one takes no counter in
    // the hold statement, so its flag is met only here
    if (group.soldOut) throw capacityRefusal('ticket_group', group.id, group, 1);
    let session: SessionRow | null = null;
    if (request.sessionId) {
      session = sessions.find((s) => s.id === request.sessionId) ?? null;
      if (!session || session.eventTemplateId !== event.id) throw notFound('reserve', 'Session');
      if (session.startDatetime <= now) {
        throw validationFailed('reserve', 'event_session_id', 'this session has already started');
      }
      // the sold-out flag closes a session for every group (decision 0006), also for one
      // excluded from event capacity, whose tickets never meet the flag in the hold statement
      if (session.soldOut) throw capacityRefusal('event_session', session.id, session, 1);
    } else if (!group.startPolicy) {
      // issue "Wire shapes": event_session_id is omitted only for any-date types
      let needed = sessionsNeeded.get(event.id);
      if (needed === undefined) {
        needed = await eventHasSessions(db, event.id);
        sessionsNeeded.set(event.id, needed);
      }
      if (needed) throw validationFailed('reserve', 'event_session_id', 'a session is required');
    }
    const owners = [group.id, event.id];
    const admitName = request.admitName?.trim() || null;
    const admitEmail = request.admitEmail?.trim() || null;
    // spec: shopping §5 — names and e-mails are required only when the setting says "required"
    if (settingOf(metaRows, 'admit_names', owners) === 'required' && !admitName) {
      throw validationFailed('reserve', 'admit_name', 'a name is required for each ticket');
    }
    if (settingOf(metaRows, 'admit_emails', owners) === 'required' && !admitEmail) {
      throw validationFailed(
        'reserve',
        'admit_email',
        'an e-mail address is required for each ticket',
      );
    }
    const surveySpec = settingOf(metaRows, 'additional_info_spec', [group.id]);
    if (surveySpec !== undefined || request.additionalInfo) {
      validateAdditionalInfo(surveySpec, request.additionalInfo);
    }
    const validity = validFromTo(
      {
        start_policy: group.startPolicy as 'fixedfrom' | 'fixedto' | null,
        start_policy_date: group.startPolicyDate,
        duration_new: group.durationNew,
      },
      session?.startDatetime ?? null,
      now,
    );
    planned.push({
      type,
      group,
      event,
      session,
      faceValue: faceValueOf(
        type,
        request.faceValue,
        session ? rows.sessionPrices.get(session.id) : undefined,
      ),
      admitName,
      admitEmail,
      additionalInfo: request.additionalInfo ?? null,
      seatTemplateId: request.seatTemplateId ?? null,
      validFrom: validity.valid_from,
      validTo: validity.valid_to,
      partyRole: request.partyRole ?? null,
    });
  }
  // spec: shopping §5 — a membership level's members against its rules (decision 0032)
  await planMemberTickets(db, sellerId, planned);
  return { planned, rows };
}
