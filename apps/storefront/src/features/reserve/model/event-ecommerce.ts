import type { EventDetail } from '@/api/events/event-detail';

/**
 * The event's `web.ecommerce` config row (shopping §3 "Event template" config: next_route,
 * hide_sold_out_sessions, citypass, session_picker_tabs, and Admit's own visit_time and
 * exclude_from_session_conflicts): one reader, so a malformed row reads as empty everywhere.
 */
export function ecommerceConfig(event: EventDetail): Record<string, unknown> {
  const value = event.config.get('web.ecommerce');
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** `web.ecommerce.hide_sold_out_sessions: true`. */
export function hidesSoldOutSessions(event: EventDetail): boolean {
  return ecommerceConfig(event).hide_sold_out_sessions === true;
}

/**
 * `web.ecommerce.citypass: true`: the event takes CityPASS (shopping §3): its reserve forms say
 * how vouchers are given and show a code's CityPASS refusals as a CityPASS error (shopping §8).
 */
export function takesCitypass(event: EventDetail): boolean {
  return ecommerceConfig(event).citypass === true;
}

/**
 * `web.ecommerce.next_route`: where a visitor goes after reserving this event (shopping §3),
 * instead of the upsell listing or checkout — e.g. `/events/{add-on id}` to chain an add-on,
 * or `/checkout` to skip upsells. A path inside the storefront only (below the seller's base):
 * anything that could leave the site (`//host`, `https:`, a backslash) is ignored, so a typo
 * in the seller file can never send a buyer elsewhere (decision 0062).
 */
export function eventNextRoute(event: EventDetail): string | null {
  const value = ecommerceConfig(event).next_route;
  if (typeof value !== 'string') return null;
  const route = value.trim();
  if (!route.startsWith('/') || route.startsWith('//') || /[\\\s]|:\/\//.test(route)) return null;
  return route;
}
