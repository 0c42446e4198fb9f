import { CART_FETCH_LIMIT } from './constants';
import type { OrderProof } from './visitor-cookies';

/**
 * Reads the page host answers inside a deep link's HTML (issue #13, decision 0033 "Update: the
 * first read in the HTML"): the storefront takes such a read from the page instead of asking
 * the network once more, so an event page draws as soon as its code has run. Both apps build
 * the read's address here, so the host's key is the address the storefront would fetch.
 */

/** The `<script type="application/json">` element holding `{ [address]: body }`. */
export const INITIAL_READS_SCRIPT_ID = 'admit-initial-reads';

export type ReadQuery = Record<string, string | number | undefined>;

/**
 * The address of an API read: `/cached_api/` (the public cache path) or `/api/`, the path, then
 * `_seller` and the query in order (spec: shopping §7, every call names the seller).
 */
export function readAddress(
  path: string,
  query: ReadQuery | undefined,
  cached: boolean,
  sellerSlug: string | null | undefined,
): string {
  const params = new URLSearchParams();
  if (sellerSlug) params.set('_seller', sellerSlug);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const prefix = cached ? '/cached_api/' : '/api/';
  const qs = params.toString();
  return `${prefix}${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

/** The embeds of the event page's read (shopping §7 GET events/{id}). */
export const EVENT_DETAIL_EMBEDS = 'meta,config,venue,ticket_group,ticket_type';

/** The event page's first read: GET events/{id} with its embeds. */
export function eventDetailRead(eventId: string): { path: string; query: ReadQuery } {
  return {
    path: `events/${encodeURIComponent(eventId)}`,
    query: { _embed: EVENT_DETAIL_EMBEDS },
  };
}

/**
 * The embeds of the listing's reads (shopping §7 GET events/available "embed meta, config, venue,
 * ticket_type, ticket_group"): cards need images, venue, prices, and the `web.price_display`
 * config row their price reads by (decision 0075).
 */
export const LISTING_EMBEDS = 'meta,config,venue,ticket_group,ticket_type';

/**
 * The listing's unfiltered read (GET events/available of listed events): the list an
 * unfiltered /events shows, and the category filter's choices on every listing (shopping §2).
 * It asks for members-only events too: the server answers them to members alone (shopping §6,
 * "visible only to logged-in members or holders of a current membership"), so a guest's read
 * (and the cached path's) is the public list, and a member's live read lists the members' events.
 */
export function listingRead(): { path: string; query: Record<string, string> } {
  return {
    path: 'events/available',
    query: { _embed: LISTING_EMBEDS, 'hidden_type._in': 'public_browsable,public_member_only' },
  };
}

/**
 * The checkout's cart read (shopping §7 GET my/cart/{id}?_limit=1000), uncached: the page host
 * reads it with the visitor's session to draw the checkout (decision 0045).
 */
export function cartRead(cartId: string): { path: string; query: ReadQuery } {
  return { path: `my/cart/${encodeURIComponent(cartId)}`, query: { _limit: CART_FETCH_LIMIT } };
}

/** A ticket group with its types (the checkout's donation upsell), on the public cache path. */
export function ticketGroupRead(groupId: string): { path: string; query: ReadQuery } {
  return { path: `ticket_group/${encodeURIComponent(groupId)}`, query: { _embed: 'ticket_type' } };
}

/** An order read with what proves the browser may (identity §7 GET ticket_order/{id}), uncached. */
export function ticketOrderRead(
  orderId: string,
  proof: OrderProof,
): { path: string; query: ReadQuery } {
  return { path: `ticket_order/${encodeURIComponent(orderId)}`, query: { ...proof } };
}
