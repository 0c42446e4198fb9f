import { z } from 'zod';
import { collectionSchema } from './envelope';

/**
 * The office's capacity screen (issue #27 "Capacity", decision 0089): a session's capacity,
 * closing or reopening a session or a whole date. Every change can be previewed (`dry_run`)
 * to show its effect on held and sold tickets first; nothing sold or held is ever destroyed.
 */

const reason = z.string().trim().min(1).max(1000);
/** a venue-local date, YYYY-MM-DD */
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** A session as the capacity screen shows it; `capacity` null is unlimited. */
export const sessionCapacitySchema = z.object({
  id: z.string().uuid(),
  event_template_id: z.string().uuid(),
  event_name: z.string(),
  start_datetime: z.string(),
  end_datetime: z.string(),
  capacity: z.number().int().nonnegative().nullable(),
  oversell_capacity: z.number().int().nonnegative(),
  /** places taken: held in carts plus sold (the counter new sales are checked against) */
  used_capacity: z.number().int(),
  /** tickets holding a place in a cart (held or in_cart) */
  held: z.number().int().nonnegative(),
  /** tickets sold (booked or redeemed) */
  sold: z.number().int().nonnegative(),
  /** closed: no new sales (what was held or sold stays) */
  closed: z.boolean(),
});
export type SessionCapacity = z.infer<typeof sessionCapacitySchema>;

export const sessionCapacitiesResponseSchema = z.object({
  session_capacity: collectionSchema(sessionCapacitySchema),
});

/**
 * PATCH session_capacity/{id}: a new capacity (null: unlimited) and/or closed. A capacity below
 * the places taken is refused (409 `capacity_below_taken`) unless `below_taken` says so.
 */
export const sessionCapacityPatchBodySchema = z
  .object({
    capacity: z.number().int().nonnegative().max(1_000_000).nullable().optional(),
    closed: z.boolean().optional(),
    reason,
    /** only show the effect, change nothing */
    dry_run: z.boolean().optional(),
    /** the staff user has seen that the capacity is below the places taken and means it */
    below_taken: z.boolean().optional(),
  })
  .refine(
    (b) => b.capacity !== undefined || b.closed !== undefined,
    'capacity or closed is required',
  );
export type SessionCapacityPatchBody = z.infer<typeof sessionCapacityPatchBodySchema>;

/** The effect of a change on one session: before, after, and what it does to held and sold. */
export const capacityEffectSchema = z.object({
  event_session_id: z.string().uuid(),
  before: z.object({ capacity: z.number().int().nullable(), closed: z.boolean() }),
  after: z.object({ capacity: z.number().int().nullable(), closed: z.boolean() }),
  held: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
  used_capacity: z.number().int(),
  /** places left for new sales after the change (null: unlimited) */
  available_after: z.number().int().nonnegative().nullable(),
  /** places taken beyond the new capacity (kept: nothing is cancelled), 0 when within it */
  over_by: z.number().int().nonnegative(),
  /** false for a dry run */
  applied: z.boolean(),
});
export type CapacityEffect = z.infer<typeof capacityEffectSchema>;

export const capacityEffectResponseSchema = z.object({
  capacity_effect: collectionSchema(capacityEffectSchema),
});

/** POST closed_date: closes (or reopens) every session starting on a venue-local date. */
export const closedDateBodySchema = z.object({
  date: localDate,
  closed: z.boolean(),
  reason,
  dry_run: z.boolean().optional(),
});
export type ClosedDateBody = z.infer<typeof closedDateBodySchema>;
