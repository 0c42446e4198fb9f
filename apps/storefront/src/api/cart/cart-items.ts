import type { CartBundle, Ticket } from '@admit/contracts/cart';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import { ticketDateTimeOf } from '@admit/contracts/session-time';
import type {
  EventSession,
  EventTemplate,
  TicketGroup,
  TicketType,
} from '@admit/contracts/resources';
import { isAnchorEvent, type CartTicketKind } from '@admit/contracts/rules/anchor-tickets';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { eventImageOf, type EventImage } from '@/api/events/event-image';

/** One ticket type's line inside a cart item (shopping §3 "Cart item" types). */
export interface CartItemType {
  type: TicketType;
  group: TicketGroup;
  ticketCount: number;
  /**
   * decimal money string, the sum of the tickets' face values: the cart's Subtotal is the sum
   * of its lines, and what codes take off shows once, on the Discounts line (decision 0047)
   */
  totalPrice: string;
}

/**
 * A cart item for display: the tickets of one event in one session (or without a session for
 * any-date types). spec: shopping §3 "Cart item": id, name, image, types, isAnchor,
 * isDependency, isMembershipEvent, ticketIds.
 */
export interface CartItem {
  id: string;
  name: string;
  image: EventImage | null;
  event: EventTemplate;
  session: EventSession | null;
  /** IANA zone of the event's venue, else the seller's */
  timezone: string | null;
  /** the event meta `ticket_date_time`: how its ticket dates read (shopping §3) */
  ticketDateTime: string | null;
  types: CartItemType[];
  totalPrice: string;
  ticketCount: number;
  isAnchor: boolean;
  isDependency: boolean;
  isMembershipEvent: boolean;
  ticketIds: string[];
}

type AnchorConfig = Pick<SellerConfig, 'anchor_events' | 'anchor_categories'>;

/** shopping §4 — tickets cancelled or unbooked no longer count as being in the cart. */
function isActive(ticket: Ticket): boolean {
  return ticket.state !== 'cancelled' && ticket.state !== 'unbooked';
}

const NON_ADMISSION_HANDLERS: ReadonlySet<TicketGroup['handler']> = new Set([
  'membership',
  'donation',
  'ledger',
]);

/** Sums decimal money strings exactly, in minor units. */
export function sumMoney(values: string[]): string {
  return minorToDecimal(values.reduce((sum, value) => sum + decimalToMinor(value), 0));
}

/**
 * Groups the cart's tickets by event and session, in the order sessions start (any-date items
 * last), ticket types by rank. Tickets whose type, group or event is missing from the bundle
 * are left out rather than shown half-named.
 */
export function toCartItems(bundle: CartBundle, config: AnchorConfig): CartItem[] {
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const types = byId(bundle.ticket_type._data);
  const groups = byId(bundle.ticket_group._data);
  const events = byId(bundle.event_template._data);
  const sessions = byId(bundle.event_session._data);
  const venues = byId(bundle.venue._data);
  const sellerZone = bundle.seller._data[0]?.timezone ?? null;

  const items = new Map<string, CartItem>();
  for (const ticket of bundle.ticket._data.filter(isActive)) {
    const type = types.get(ticket.ticket_type_id);
    const group = groups.get(ticket.ticket_group_id);
    const event = events.get(ticket.event_template_id);
    if (!type || !group || !event) continue;
    const session = ticket.event_session_id
      ? (sessions.get(ticket.event_session_id) ?? null)
      : null;
    const id = `${event.id}:${session?.id ?? 'any'}`;
    let item = items.get(id);
    if (!item) {
      item = {
        id,
        name: event.name,
        image: eventImageOf(bundle.meta._data, event.id),
        event,
        session,
        timezone: (event.venue_id && venues.get(event.venue_id)?.timezone) || sellerZone,
        ticketDateTime: ticketDateTimeOf(bundle.meta._data, event.id),
        types: [],
        totalPrice: '0.00',
        ticketCount: 0,
        isAnchor: isAnchorEvent(event, config),
        isDependency: false,
        isMembershipEvent: false,
        ticketIds: [],
      };
      items.set(id, item);
    }
    item.isMembershipEvent ||= group.handler === 'membership';
    item.ticketIds.push(ticket.id);
    item.ticketCount += 1;
    item.totalPrice = sumMoney([item.totalPrice, ticket.face_value]);
    const line = item.types.find((t) => t.type.id === type.id);
    if (line) {
      line.ticketCount += 1;
      line.totalPrice = sumMoney([line.totalPrice, ticket.face_value]);
    } else {
      item.types.push({ type, group, ticketCount: 1, totalPrice: ticket.face_value });
    }
  }

  const list = [...items.values()];
  for (const item of list) item.types.sort((a, b) => a.type._rank - b.type._rank);
  list.sort((a, b) => {
    const at = a.session?.start_datetime ?? '\uffff';
    const bt = b.session?.start_datetime ?? '\uffff';
    return at === bt ? a.name.localeCompare(b.name) : at < bt ? -1 : 1;
  });
  markDependencies(list);
  return list;
}

function isAdmissionItem(item: CartItem): boolean {
  return (
    !item.isAnchor && item.types.every(({ group }) => !NON_ADMISSION_HANDLERS.has(group.handler))
  );
}

/**
 * spec: shopping §2 rule 2, §4 — anchor add-ons need an admission in the cart, so the last
 * admission is a dependency of them: removing it must take the whole cart with it.
 */
function markDependencies(items: CartItem[]): void {
  const admissions = items.filter(isAdmissionItem);
  const hasAnchors = items.some((item) => item.isAnchor);
  if (hasAnchors && admissions.length === 1) admissions[0]!.isDependency = true;
}

/**
 * The cart's active tickets by event, group handler and type name: what the add-on rule counts
 * (`contracts/rules/anchor-tickets.ts`, the server's count too).
 */
export function cartTicketKinds(
  bundle: CartBundle | null,
): (CartTicketKind & { typeName: string })[] {
  if (!bundle) return [];
  const types = new Map(bundle.ticket_type._data.map((t) => [t.id, t]));
  const groups = new Map(bundle.ticket_group._data.map((g) => [g.id, g]));
  const events = new Map(bundle.event_template._data.map((e) => [e.id, e]));
  return bundle.ticket._data.filter(isActive).flatMap((ticket) => {
    const type = types.get(ticket.ticket_type_id);
    const group = groups.get(ticket.ticket_group_id);
    const event = events.get(ticket.event_template_id);
    if (!type || !group || !event) return [];
    return [
      {
        eventId: event.id,
        category: event.category,
        handler: group.handler,
        typeName: type.name,
        count: 1,
      },
    ];
  });
}

/** Whether the cart already holds an admission (shopping §2 rule 2 for anchor events). */
export function cartHasAdmission(bundle: CartBundle | null, config: AnchorConfig): boolean {
  return bundle !== null && toCartItems(bundle, config).some(isAdmissionItem);
}

/** The events the cart holds active tickets for. */
export function eventIdsInCart(bundle: CartBundle | null): Set<string> {
  return new Set(
    (bundle?.ticket._data ?? []).filter(isActive).map((ticket) => ticket.event_template_id),
  );
}

/** Whether the cart holds any active ticket. */
export function cartHasItems(bundle: CartBundle | null): boolean {
  return bundle !== null && bundle.ticket._data.some(isActive);
}
