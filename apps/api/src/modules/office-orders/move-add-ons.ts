import { and, eq } from 'drizzle-orm';
import { admitsByTicketCode } from '@admit/contracts/rules/admission';
import { isAnchorEvent, typeNameKey } from '@admit/contracts/rules/anchor-tickets';
import { eventSession } from '@/db/schema/sessions';
import type { Executor } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import { localDate, localTime, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { selectMustMatchEvents } from '@/modules/cart/anchor-repo';
import type { OrderTicketDetail } from '@/modules/orders/order-tickets';
import { readSellerSettings } from '@/modules/sellers/seller-settings';

/**
 * The add-on tickets an office move takes along with the admission it moves (decision 0101).
 * An add-on is its own event with its own sessions (shopping §9 "Upsell anchors"); it follows
 * the admission when its event sets `tickets_must_match_anchor_tickets` (shopping §3; decisions
 * 0065, 0076) and is on the admission's day (the reschedule's "Add-ons do not move with your
 * admission" warning, 0065). Each moved admission ticket takes one such ticket of each add-on
 * on its old day — of its own type name first, else one whose name no admission of that day
 * has (decision 0098's matching) — to the add-on's session at the same time on the new day.
 * A move within the day takes nothing: the add-on is still on the visit's day.
 */

/** An add-on ticket and the session it moves to. */
export interface AddOnMove {
  d: OrderTicketDetail;
  sessionId: string;
}

const noAddOnSession = (d: OrderTicketDetail, date: string, time: string) =>
  new AppError(
    'validation_failed',
    'ticket_order',
    `${d.eventName} has no session at ${time} on ${date}, so its tickets cannot follow the admission: move them to the new day first.`,
    { ticket_id: d.ticket.id, event_template_id: d.ticket.eventTemplateId },
  );
const seatedAddOn = (d: OrderTicketDetail) =>
  new AppError(
    'validation_failed',
    'ticket_order',
    'Seated tickets cannot be moved here: cancel them and sell new seats on the seat map.',
    { ticket_id: d.ticket.id },
  );

/**
 * The add-on tickets following `moved` to the session starting at `target` (empty when none
 * does). Refused when one would need a session its event does not have, or is seated.
 */
export async function addOnsFollowingMove(
  db: Executor,
  input: {
    sellerId: string;
    sellerZone: string;
    /** every ticket of the order, in the order they were made */
    details: readonly OrderTicketDetail[];
    moved: readonly OrderTicketDetail[];
    target: { start: Date };
  },
): Promise<AddOnMove[]> {
  const settings = await readSellerSettings(db, input.sellerId);
  const anchors = {
    anchor_events: settings.anchor_events ?? [],
    anchor_categories: settings.anchor_categories ?? [],
  };
  const isAddOn = (d: OrderTicketDetail) =>
    isAnchorEvent({ id: d.ticket.eventTemplateId, category: d.category }, anchors);
  const zoneOf = (d: OrderTicketDetail) => d.timeZone || input.sellerZone;
  const dayOf = (d: OrderTicketDetail) => localDate(d.session!.start, zoneOf(d));
  const admissions = input.moved.filter(
    (d) => d.session && admitsByTicketCode(d.handler) && !isAddOn(d),
  );
  if (admissions.length === 0) return [];
  const movedIds = new Set(input.moved.map((d) => d.ticket.id));
  const addOns = input.details.filter(
    (d) => d.session && d.ticket.state === 'booked' && !movedIds.has(d.ticket.id) && isAddOn(d),
  );
  const following = await selectMustMatchEvents(db, input.sellerId, [
    ...new Set(addOns.map((d) => d.ticket.eventTemplateId)),
  ]);
  const pool = addOns.filter((d) => following.has(d.ticket.eventTemplateId));
  const taken: { d: OrderTicketDetail; day: string }[] = [];
  for (const admission of admissions) {
    const day = dayOf(admission);
    const newDay = localDate(input.target.start, zoneOf(admission));
    if (day === newDay) continue;
    // the type names the day's admissions have: an add-on ticket of another name goes with any
    const names = new Set(
      input.details
        .filter((d) => d.session && !isAddOn(d) && admitsByTicketCode(d.handler))
        .filter((d) => dayOf(d) === day)
        .map((d) => typeNameKey(d.typeName)),
    );
    const free = pool.filter((d) => dayOf(d) === day && !taken.some((t) => t.d === d));
    for (const eventId of new Set(free.map((d) => d.ticket.eventTemplateId))) {
      const ofEvent = free.filter((d) => d.ticket.eventTemplateId === eventId);
      const pick =
        ofEvent.find((d) => typeNameKey(d.typeName) === typeNameKey(admission.typeName)) ??
        ofEvent.find((d) => !names.has(typeNameKey(d.typeName)));
      if (pick) taken.push({ d: pick, day: newDay });
    }
  }
  return Promise.all(taken.map(({ d, day }) => followingSession(db, d, day, zoneOf(d))));
}

/** The add-on's session on `day` at the time of the one its ticket is in. */
async function followingSession(
  db: Executor,
  d: OrderTicketDetail,
  day: string,
  zone: string,
): Promise<AddOnMove> {
  if (d.ticket.seatTemplateId) throw seatedAddOn(d);
  const time = localTime(d.session!.start, zone);
  const [row] = await db
    .select({ id: eventSession.id })
    .from(eventSession)
    .where(
      and(
        eq(eventSession.eventTemplateId, d.ticket.eventTemplateId),
        eq(eventSession.startDatetime, zonedWallTimeToUtc(day, time, zone)),
      ),
    )
    .limit(1);
  if (!row) throw noAddOnSession(d, day, time);
  return { d, sessionId: row.id };
}
