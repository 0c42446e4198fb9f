import type { EventTemplateResponse } from '@admit/contracts/catalog';
import type { EventTemplate, TicketGroup, TicketType, Venue } from '@admit/contracts/resources';
import { isMetaFlagSet } from '@admit/contracts/rules/anchor-tickets';
import {
  PRICE_DISPLAY_KEY,
  parsePriceDisplay,
  type PriceDisplay,
} from '@admit/contracts/rules/price-display';

export interface TicketGroupWithTypes {
  ticketGroup: TicketGroup;
  /** ordered by `_rank` */
  ticketTypes: TicketType[];
}

/** One event template joined with its sibling collections (meta, config, venue, groups). */
export interface EventDetail {
  template: EventTemplate;
  meta: ReadonlyMap<string, unknown>;
  config: ReadonlyMap<string, unknown>;
  venue: Venue | null;
  /** ordered by group rank */
  ticketGroups: TicketGroupWithTypes[];
}

/** Joins the `events/{id}` response; null when it holds no template. */
export function toEventDetail(body: EventTemplateResponse): EventDetail | null {
  const template = body.event_template._data[0];
  if (!template) return null;
  const own = <T extends { resource: string; resource_id: string; key: string; value: unknown }>(
    rows: T[] | undefined,
  ) =>
    new Map(
      (rows ?? [])
        .filter((row) => row.resource === 'event_template' && row.resource_id === template.id)
        .map((row) => [row.key, row.value]),
    );
  const types = body.ticket_type?._data ?? [];
  const ticketGroups = (body.ticket_group?._data ?? [])
    .filter((group) => group.event_template_id === template.id)
    .sort((a, b) => a.rank - b.rank)
    .map((ticketGroup) => ({
      ticketGroup,
      ticketTypes: types
        .filter((type) => type.ticket_group_id === ticketGroup.id)
        .sort((a, b) => a._rank - b._rank),
    }));
  return {
    template,
    meta: own(body.meta?._data),
    config: own(body.config?._data),
    venue: body.venue?._data.find((venue) => venue.id === template.venue_id) ?? null,
    ticketGroups,
  };
}

export function metaText(event: EventDetail, key: string): string | null {
  const value = event.meta.get(key);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Meta flags arrive as booleans or as the strings the back office stores ("true", "1", "yes"). */
export function metaFlag(event: EventDetail, key: string): boolean {
  return isMetaFlagSet(event.meta.get(key));
}

export function hasHandler(event: EventDetail, ...handlers: TicketGroup['handler'][]): boolean {
  return event.ticketGroups.some(({ ticketGroup }) => handlers.includes(ticketGroup.handler));
}

/** The levels of the event's membership groups that are on sale (shopping §2 rule 3). */
export function membershipLevelsOf(event: EventDetail): TicketType[] {
  return event.ticketGroups
    .filter(({ ticketGroup }) => ticketGroup.handler === 'membership' && ticketGroup.available)
    .flatMap(({ ticketTypes }) => ticketTypes.filter((type) => type.available));
}

/**
 * The event's `web.price_display` config row (shopping §3; decisions 0063, 0075), one reader:
 * the session picker, the single-event form's ticket panel and the seat selector read it here.
 */
export function priceDisplayOf(event: Pick<EventDetail, 'config'>): PriceDisplay {
  return parsePriceDisplay(event.config.get(PRICE_DISPLAY_KEY));
}
