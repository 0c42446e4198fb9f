import type { Ticket } from '@admit/contracts/cart';
import type { LineTotals } from '@admit/contracts/rules/fees';
import { minorToDecimal } from '@admit/contracts/money';
import type {
  ConfigRow,
  EventSession,
  EventTemplate,
  Meta,
  TicketGroup,
  TicketType,
  Venue,
} from '@admit/contracts/resources';
import type {
  configRow,
  eventTemplate,
  meta,
  ticketGroup,
  ticketType,
  venue,
} from '@/db/schema/catalog';
import type { eventSession } from '@/db/schema/sessions';
import type { TicketRow } from '@/db/schema/cart';
import { UNLIMITED_CAPACITY } from '@admit/contracts/constants';

/** Database rows → contract objects (never send rows: the wire has its own names and units). */

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** capacity + oversell - used; -1 stands for unlimited (spec: shopping §3 Session) */
export function availableCapacity(row: {
  capacity: number;
  oversellCapacity: number;
  usedCapacity: number;
}) {
  if (row.capacity === UNLIMITED_CAPACITY) return UNLIMITED_CAPACITY;
  return row.capacity + row.oversellCapacity - row.usedCapacity;
}

const exhausted = (row: Parameters<typeof availableCapacity>[0]) =>
  row.capacity !== UNLIMITED_CAPACITY && availableCapacity(row) <= 0;

/** Thousandths of a percent → a decimal percentage string: 8875 → "8.875", 7000 → "7". */
export function thousandthsToPercent(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(value));
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.trunc(abs / 1000)}${fraction ? `.${fraction}` : ''}`;
}

function outsideFees(stored: unknown): TicketType['outside_fees'] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((fee: unknown): TicketType['outside_fees'] => {
    if (typeof fee !== 'object' || fee === null) return [];
    const {
      name,
      fee: amount,
      on_free,
    } = fee as { name?: unknown; fee?: unknown; on_free?: unknown };
    if (typeof amount !== 'number' || !Number.isInteger(amount)) return [];
    if (name === 'fee_fixed_outside') {
      return [{ name, fee: minorToDecimal(amount), ...(on_free === true ? { on_free } : {}) }];
    }
    if (name === 'fee_percent_outside') return [{ name, fee: thousandthsToPercent(amount) }];
    return [];
  });
}

export function toVenue(row: Row<typeof venue>): Venue {
  return {
    id: row.id,
    seller_id: row.sellerId,
    name: row.name,
    timezone: row.timezone,
    address: row.address,
  };
}

export function toEventTemplate(row: Row<typeof eventTemplate>): EventTemplate {
  return {
    id: row.id,
    seller_id: row.sellerId,
    name: row.name,
    subtitle: row.subtitle,
    summary: row.summary,
    description: row.description,
    category: row.category,
    event_type: row.eventType as EventTemplate['event_type'],
    hidden_type: row.hiddenType as EventTemplate['hidden_type'],
    venue_id: row.venueId,
    rank: row.rank,
  };
}

export function toMeta(row: Row<typeof meta>): Meta {
  return {
    id: row.id,
    resource: row.resource,
    resource_id: row.resourceId,
    key: row.key,
    value: row.value,
  };
}

export function toConfigRow(row: Row<typeof configRow>): ConfigRow {
  return {
    id: row.id,
    resource: row.resource,
    resource_id: row.resourceId,
    key: row.key,
    value: row.value,
  };
}

/** Group availability: not sold out, inside its sales window, capacity left (shopping §3). */
export function toTicketGroup(row: Row<typeof ticketGroup>, now: Date): TicketGroup {
  const soldOut = row.soldOut || exhausted(row);
  const inSalesWindow =
    (!row.salesStart || row.salesStart <= now) && (!row.salesEnd || row.salesEnd > now);
  return {
    id: row.id,
    seller_id: row.sellerId,
    event_template_id: row.eventTemplateId,
    name: row.name,
    description: row.description,
    summary: row.summary,
    color: row.color,
    handler: row.handler as TicketGroup['handler'],
    hidden_type: row.hiddenType as TicketGroup['hidden_type'],
    start_policy: row.startPolicy as TicketGroup['start_policy'],
    start_policy_date: iso(row.startPolicyDate),
    duration_new: row.durationNew,
    min_tickets_per_order: row.minTicketsPerOrder,
    max_tickets_per_order: row.maxTicketsPerOrder,
    sales_start: iso(row.salesStart),
    sales_end: iso(row.salesEnd),
    capacity: row.capacity,
    oversell_capacity: row.oversellCapacity,
    used_capacity: row.usedCapacity,
    exclude_from_event_capacity: row.excludeFromEventCapacity,
    sold_out: soldOut,
    available: !soldOut && inSalesWindow,
    rank: row.rank,
  };
}

export function toTicketType(row: Row<typeof ticketType>): TicketType {
  return {
    id: row.id,
    seller_id: row.sellerId,
    ticket_group_id: row.ticketGroupId,
    name: row.name,
    description: row.description,
    summary: row.summary,
    _rank: row.rank,
    currency_amount: minorToDecimal(row.amount),
    currency_amount_min: row.amountMin === null ? null : minorToDecimal(row.amountMin),
    currency_amount_max: row.amountMax === null ? null : minorToDecimal(row.amountMax),
    outside_fees: outsideFees(row.outsideFees),
    available: row.available,
  };
}

/** Session availability: not sold out, starts in the future, capacity left (shopping §3). */
export function toEventSession(row: Row<typeof eventSession>, now: Date): EventSession {
  const soldOut = row.soldOut || exhausted(row);
  return {
    id: row.id,
    seller_id: row.sellerId,
    event_template_id: row.eventTemplateId,
    start_datetime: row.startDatetime.toISOString(),
    end_datetime: row.endDatetime.toISOString(),
    capacity: row.capacity,
    oversell_capacity: row.oversellCapacity,
    used_capacity: row.usedCapacity,
    sold_out: soldOut,
    available: !soldOut && row.startDatetime > now,
    availableCapacity: availableCapacity(row),
  };
}

/**
 * The figures a ticket shows: the fees frozen on it once it is in an order (with its stored
 * adjusted value, what was charged), else `live` (the cart's line, totals.ts), else none.
 */
function chargedFigures(row: TicketRow, live: LineTotals | undefined) {
  if (row.feeFixedOutside !== null && row.feePercentOutside !== null) {
    return {
      adjusted_value: minorToDecimal(row.adjustedValue),
      fee_fixed_outside: minorToDecimal(row.feeFixedOutside),
      fee_percent_outside: minorToDecimal(row.feePercentOutside),
    };
  }
  if (!live) return { adjusted_value: minorToDecimal(row.adjustedValue) };
  return {
    adjusted_value: minorToDecimal(live.adjusted),
    fee_fixed_outside: minorToDecimal(live.serviceCharge),
    fee_percent_outside: minorToDecimal(live.tax),
  };
}

/**
 * A ticket as the wire shows it (cart bundle, order, my/membership); money in decimals. `live`
 * is its line in the cart's totals, for a ticket not yet in an order.
 */
export function toTicket(row: TicketRow, live?: LineTotals): Ticket {
  return {
    id: row.id,
    cart_id: row.cartId,
    state: row.state as Ticket['state'],
    ticket_order_id: row.ticketOrderId,
    ticket_type_id: row.ticketTypeId,
    ticket_group_id: row.ticketGroupId,
    event_template_id: row.eventTemplateId,
    event_session_id: row.eventSessionId,
    admit_name: row.admitName,
    admit_email: row.admitEmail,
    additional_info: (row.additionalInfo as Record<string, unknown> | null) ?? null,
    face_value: minorToDecimal(row.faceValue),
    ...chargedFigures(row, live),
    valid_from: iso(row.validFrom),
    valid_to: iso(row.validTo),
    seat_template_id: row.seatTemplateId,
    party_role: row.partyRole,
  };
}
