import type { z } from 'zod';
import { expandSeatLayout } from './seat-layouts';
import type { SellerFile } from './seller-file';

/**
 * The seat checks of a seller file (decision 0052): layout keys unique across the seller (a
 * session names a layout by key alone), each layout's seats well formed (expandSeatLayout:
 * duplicate seats, unknown zones, companions without their wheelchair seat), every layout a
 * session or event names exists, and a seated group's `seat_zones` are zones of its event's
 * layouts, which every session of the event then has.
 */
export function checkSeatReferences(file: SellerFile, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const zonesOf = new Map<string, Set<string>>();
  file.venues.forEach((venue, v) => {
    (venue.seat_layouts ?? []).forEach((layout, l) => {
      const at = ['venues', v, 'seat_layouts', l];
      if (zonesOf.has(layout.key)) issue([...at, 'key'], `duplicate seat layout ${layout.key}`);
      zonesOf.set(layout.key, new Set(layout.zones));
      expandSeatLayout(layout, (path, message) => issue([...at, ...path], message));
    });
  });
  const known = (key: string | undefined, path: (string | number)[]) => {
    if (key !== undefined && !zonesOf.has(key)) issue(path, `no venue has the seat layout ${key}`);
  };
  (file.events ?? []).forEach((event, e) => {
    const at = ['events', e];
    known(event.seat_layout, [...at, 'seat_layout']);
    const layouts = new Set<string>();
    let unseated = false;
    for (const kind of ['session_rules', 'sessions'] as const) {
      (event[kind] ?? []).forEach((s, i) => {
        known(s.seat_layout, [...at, kind, i, 'seat_layout']);
        const layout = s.seat_layout ?? event.seat_layout;
        if (layout === undefined) unseated = true;
        else layouts.add(layout);
      });
    }
    if (event.seat_layout !== undefined) layouts.add(event.seat_layout);
    (event.ticket_groups ?? []).forEach((group, g) => {
      const gAt = [...at, 'ticket_groups', g];
      if (group.seat_zones === undefined) {
        if (group.handler === 'seated' && layouts.size > 0) {
          issue(gAt, 'a seated group of an event with a seat layout names its seat_zones');
        }
        return;
      }
      if (group.handler !== 'seated') {
        issue([...gAt, 'seat_zones'], 'seat_zones belong to a group with handler seated');
      }
      if (layouts.size === 0 || unseated) {
        issue(
          [...gAt, 'seat_zones'],
          `every session of ${event.key} needs a seat layout to sell seats: give the event a seat_layout`,
        );
      }
      // an unknown layout is its own error: its zones are not checked
      const known = [...layouts].filter((key) => zonesOf.has(key));
      group.seat_zones.forEach((zone, z) => {
        const found = known.some((key) => zonesOf.get(key)!.has(zone));
        if (!found && known.length > 0) {
          issue([...gAt, 'seat_zones', z], `no seat layout of ${event.key} has the zone ${zone}`);
        }
      });
    });
  });
}
