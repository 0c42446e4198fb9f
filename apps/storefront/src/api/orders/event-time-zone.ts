import type { EventTemplate, Seller, Venue } from '@admit/contracts/resources';

/** The parts of an order or cart bundle that say where an event takes place. */
export interface EventZoneRows {
  event_template: { _data: EventTemplate[] };
  venue?: { _data: Venue[] } | undefined;
  seller?: { _data: Seller[] } | undefined;
}

/**
 * The zone an event's sessions read in: its venue's, else the seller's (the same rule as the
 * cart's items), else `fallback` (the storefront's configured zone). Shared by the order pages
 * and the manage pages.
 */
export function eventTimeZone(bundle: EventZoneRows, eventId: string, fallback: string): string {
  const event = bundle.event_template._data.find((e) => e.id === eventId);
  const venue = bundle.venue?._data.find((v) => v.id === event?.venue_id);
  return venue?.timezone || bundle.seller?._data[0]?.timezone || fallback;
}
