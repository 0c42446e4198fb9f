import type { FileEvent, FileVenue } from '@admit/contracts/seller-file/catalogue';
import { expandSeatLayout } from '@admit/contracts/seller-file/seat-layouts';
import type { DesiredContext } from './desired-context';
import { sanitizeSvgMarkup } from './sanitize-svg';

/**
 * The seat layouts a file wants (decision 0052 "Seller file"): each layout a `seat_layout` row
 * and its seats `seat_template` rows, expanded from the compact form in reading order (`sort`),
 * with previous/next links along each row and a companion seat's `companionOf`. A seat's
 * `groups` (the ticket groups whose `seat_zones` hold its zone) are a value compared like a
 * column and written to `seat_template_group` (apply-seats.ts), as a session's prices are.
 */
export interface DesiredLayout {
  id: string;
  /** seats not blocked: the default capacity of a session that sells the layout */
  sellable: number;
  /** each zone's seats' values, to which the groups that sell the zone are added */
  zones: Map<string, { groups: string[] }[]>;
}

/** Adds the rows of a venue's layouts to `layouts` by key. */
export function seatLayoutRows(
  ctx: DesiredContext,
  venue: FileVenue,
  venueId: string,
  layouts: Map<string, DesiredLayout>,
): void {
  const { slug, add } = ctx;
  for (const layout of venue.seat_layouts ?? []) {
    const seats = expandSeatLayout(layout);
    const sections = layout.sections.flatMap((s) =>
      s.label ? [{ name: s.name, x: s.label.x, y: s.label.y }] : [],
    );
    const layoutId = add(
      'seat_layout',
      layout.key,
      `${slug}/seat_layout/${layout.key}`,
      `seat layout ${layout.key}`,
      {
        venueId,
        key: layout.key,
        name: layout.name,
        width: layout.width,
        height: layout.height,
        otherElements:
          layout.background === undefined ? null : sanitizeSvgMarkup(layout.background),
        sections,
      },
    );
    const desired: DesiredLayout = { id: layoutId, sellable: 0, zones: new Map() };
    const rows = new Map<string, { id: string; values: Record<string, unknown>; seat: string }[]>();
    seats.forEach((seat, sort) => {
      const values: Record<string, unknown> = {
        seatLayoutId: layoutId,
        section: seat.section,
        row: seat.row,
        seat: seat.seat,
        zone: seat.zone ?? null,
        x: seat.x,
        y: seat.y,
        r: seat.r,
        sort,
        blocked: seat.blocked,
        accessibility: seat.accessibility,
        companionOf: null,
        previousId: null,
        nextId: null,
        groups: [],
      };
      const place = `${seat.section}/${seat.row}/${seat.seat}`;
      const id = add(
        'seat_template',
        `${layout.key}/${place}`,
        `${layoutId}/seat/${place}`,
        `seat ${layout.key} ${seat.section} ${seat.row} ${seat.seat}`,
        values,
        { group: `seat layout ${layout.key}` },
      );
      const rowKey = `${seat.section}/${seat.row}`;
      if (!rows.has(rowKey)) rows.set(rowKey, []);
      rows.get(rowKey)!.push({ id, values, seat: seat.seat });
      if (!seat.blocked) desired.sellable += 1;
      if (seat.zone !== undefined) {
        if (!desired.zones.has(seat.zone)) desired.zones.set(seat.zone, []);
        desired.zones.get(seat.zone)!.push(values as { groups: string[] });
      }
    });
    // the neighbour chain along each row (spec §4 auto-extend) and companions' wheelchair seats
    const byName = new Map(seats.map((s) => [`${s.section}/${s.row}/${s.seat}`, s]));
    for (const [rowKey, list] of rows) {
      list.forEach((s, i) => {
        s.values.previousId = list[i - 1]?.id ?? null;
        s.values.nextId = list[i + 1]?.id ?? null;
        const of = byName.get(`${rowKey}/${s.seat}`)!.companionOf;
        if (of !== null) s.values.companionOf = list.find((w) => w.seat === of)!.id;
      });
    }
    layouts.set(layout.key, desired);
  }
}

/**
 * Links the seats of an event's layouts to the groups that sell their zones: `paths` gives the
 * groups' ids by `event/group`. Called per event, after its groups have ids.
 */
export function linkSeatZones(
  event: FileEvent,
  paths: ReadonlyMap<string, string>,
  layouts: ReadonlyMap<string, DesiredLayout>,
): void {
  const used = new Set<string>();
  if (event.seat_layout !== undefined) used.add(event.seat_layout);
  for (const s of [...(event.session_rules ?? []), ...(event.sessions ?? [])]) {
    if (s.seat_layout !== undefined) used.add(s.seat_layout);
  }
  for (const group of event.ticket_groups ?? []) {
    const groupId = paths.get(`${event.key}/${group.key}`)!;
    for (const zone of group.seat_zones ?? []) {
      for (const key of used) {
        for (const seat of layouts.get(key)?.zones.get(zone) ?? []) seat.groups.push(groupId);
      }
    }
  }
}

/** Sorts each seat's groups, so a seat's `groups` compare as a set (call once, at the end). */
export function settleSeatGroups(layouts: ReadonlyMap<string, DesiredLayout>): void {
  for (const layout of layouts.values()) {
    for (const seats of layout.zones.values()) for (const s of seats) s.groups.sort();
  }
}
