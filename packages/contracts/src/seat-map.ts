import { z } from 'zod';
import { collectionSchema } from './envelope';

/**
 * Wire shape of a session's seat map (shopping §3 "Seat" and "Seat map", §7 `seat_map`;
 * decision 0052). A layout belongs to a venue; a session points at one. Seat geometry (x, y, r)
 * always travels; `_withgeometry` adds the background markup and the section labels, so a
 * state refresh after a hold can skip them.
 */

/** What the server says of a seat at a session. `selected` is the storefront's own fourth state. */
export const SEAT_STATES = ['available', 'booked', 'unavailable'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

/** Marked seats: a wheelchair space, and the companion seat sold only with it. */
export const SEAT_ACCESSIBILITY = ['wheelchair', 'companion'] as const;
export type SeatAccessibility = (typeof SEAT_ACCESSIBILITY)[number];

export const seatSchema = z.object({
  /** the seat's id, the same as seat_template_id (what a cart ticket carries) */
  id: z.string(),
  seat_template_id: z.string(),
  /** the seat's own name within its row ("12") */
  seat: z.string(),
  row: z.string(),
  section: z.string(),
  x: z.number(),
  y: z.number(),
  r: z.number(),
  state: z.enum(SEAT_STATES),
  /** the ticket groups this seat may be sold in, as a comma list of ids (spec §3) */
  ticket_groups: z.string(),
  /** the neighbour chain along the row, used to auto-extend a selection (spec §4) */
  previous: z.string().nullable(),
  next: z.string().nullable(),
  accessibility: z.enum(SEAT_ACCESSIBILITY).nullable(),
  /** a companion seat: the wheelchair seat it is sold with */
  companion_of: z.string().nullable(),
});
export type Seat = z.infer<typeof seatSchema>;

export const seatMapSectionSchema = z.object({
  name: z.string(),
  /** where the section's label is drawn, in map units */
  x: z.number(),
  y: z.number(),
});

export const seatMapSchema = z.object({
  /** the layout's id */
  id: z.string(),
  event_session_id: z.string(),
  name: z.string(),
  /** the map's extent in map units; seats' x, y, r are in the same units */
  width: z.number(),
  height: z.number(),
  /** sanitised SVG markup drawn under the seats (stage, aisles); only with _withgeometry */
  other_elements: z.string().optional(),
  /** section labels; only with _withgeometry */
  map_geometry: z.object({ sections: z.array(seatMapSectionSchema) }).optional(),
});
export type SeatMap = z.infer<typeof seatMapSchema>;

/** GET events/{e}/sessions/{s}/seat_map: `seat_map` (one row) and `seat` (every seat). */
export const seatMapResponseSchema = z.object({
  seat_map: collectionSchema(seatMapSchema),
  seat: collectionSchema(seatSchema),
});
export type SeatMapResponse = z.infer<typeof seatMapResponseSchema>;

/**
 * A lost seat race (decision 0052): the refusal's `_extra` names the seats that were taken
 * (code `ticket_group_sold_out`, context `reserve`), so the storefront can drop them and redraw.
 */
export const seatsTakenExtraSchema = z.object({
  seat_template_ids: z.array(z.string()),
  seats: z.array(z.string()),
});

/**
 * A seat as people say it, "Stalls, Row F, seat 12" (decision 0052): the one label of the
 * refusals' `seats`, the tickets and complete pages and the order confirmation mail.
 */
export const seatLabel = (seat: Pick<Seat, 'section' | 'row' | 'seat'>): string =>
  `${seat.section}, Row ${seat.row}, seat ${seat.seat}`;
