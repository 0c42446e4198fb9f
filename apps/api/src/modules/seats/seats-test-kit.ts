import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CartModifyBody } from '@admit/contracts/cart';
import { seatMapResponseSchema, type SeatMapResponse } from '@admit/contracts/seat-map';
import type { Db } from '@/db/connection';
import type { ticketGroup, ticketType } from '@/db/schema/catalog';
import { seatLayout, seatTemplate, seatTemplateGroup } from '@/db/schema/seats';
import { eventSession } from '@/db/schema/sessions';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import {
  makeTicketGroup,
  makeTicketType,
  type TicketGroupRow,
  type TicketTypeRow,
} from '@/testing/factories';

/**
 * A seated scene for the seat tests (decision 0052): the reserve scene's group made `seated`,
 * a layout of `rows` × `perRow` seats (rows A, B, …; seats 1…n, chained along each row), every
 * seat sold in that group, and the session selling the layout. Written straight with drizzle:
 * the seller-file import of layouts is another module's.
 */
export interface SeatedScene extends ReserveScene {
  layoutId: string;
  /** seat ids by "A1", "B12", … */
  seat: (name: string) => string;
  seatIds: string[];
}

export async function makeSeatedScene(
  db: Db,
  options: {
    rows?: number;
    perRow?: number;
    group?: Partial<typeof ticketGroup.$inferInsert>;
    type?: Partial<typeof ticketType.$inferInsert>;
    session?: Partial<typeof eventSession.$inferInsert>;
  } = {},
): Promise<SeatedScene> {
  const { rows = 3, perRow = 4 } = options;
  const scene = await makeReserveScene(db, {
    group: { handler: 'seated', ...options.group },
    type: options.type,
    session: { capacity: rows * perRow, ...options.session },
  });
  const [layout] = await db
    .insert(seatLayout)
    .values({
      sellerId: scene.seller.id,
      venueId: scene.event.venueId,
      key: `hall-${randomUUID()}`,
      name: 'Main hall',
      width: perRow * 10 + 20,
      height: rows * 10 + 20,
      otherElements: '<rect x="0" y="0" width="10" height="5"/>',
    })
    .returning();
  const byName = new Map<string, string>();
  const values: (typeof seatTemplate.$inferInsert)[] = [];
  for (let r = 0; r < rows; r++) {
    const row = String.fromCharCode(65 + (r % 26)) + (r >= 26 ? String(Math.floor(r / 26)) : '');
    const ids = Array.from({ length: perRow }, () => randomUUID());
    ids.forEach((id, i) => {
      byName.set(`${row}${i + 1}`, id);
      values.push({
        id,
        seatLayoutId: layout!.id,
        section: r < rows / 2 || rows === 1 ? 'Stalls' : 'Circle',
        row,
        seat: String(i + 1),
        x: 10 + i * 10,
        y: 10 + r * 10,
        r: 4,
        sort: r * perRow + i,
        previousId: ids[i - 1] ?? null,
        nextId: ids[i + 1] ?? null,
      });
    });
  }
  for (let i = 0; i < values.length; i += 1000) {
    await db.insert(seatTemplate).values(values.slice(i, i + 1000));
  }
  await addSeatsToGroup(
    db,
    scene.group,
    values.map((v) => v.id!),
  );
  await db
    .update(eventSession)
    .set({ seatLayoutId: layout!.id })
    .where(eq(eventSession.id, scene.session.id));
  const seat = (name: string) => {
    const id = byName.get(name);
    if (!id) throw new Error(`no seat ${name}`);
    return id;
  };
  return { ...scene, layoutId: layout!.id, seat, seatIds: values.map((v) => v.id!) };
}

/** Lets a group sell these seats (its price zone). */
export async function addSeatsToGroup(db: Db, group: TicketGroupRow, seatIds: string[]) {
  for (let i = 0; i < seatIds.length; i += 1000) {
    await db
      .insert(seatTemplateGroup)
      .values(
        seatIds
          .slice(i, i + 1000)
          .map((seatTemplateId) => ({ seatTemplateId, ticketGroupId: group.id })),
      );
  }
}

/** A second seated group of the scene's event (another price zone) with one type. */
export async function makeZoneGroup(
  db: Db,
  scene: ReserveScene,
  group: Partial<typeof ticketGroup.$inferInsert> = {},
): Promise<{ group: TicketGroupRow; type: TicketTypeRow }> {
  const made = await makeTicketGroup(db, scene.event, { handler: 'seated', ...group });
  return { group: made, type: await makeTicketType(db, made) };
}

/** Changes seats' columns (blocked, accessibility, companion_of). */
export async function updateSeat(
  db: Db,
  seatId: string,
  values: Partial<typeof seatTemplate.$inferInsert>,
) {
  await db.update(seatTemplate).set(values).where(eq(seatTemplate.id, seatId));
}

/** A modify body reserving these seats (one `add` entry of quantity 1 each). */
export function seatsBody(
  scene: { session: { id: string }; type: { id: string } },
  seatIds: string[],
  extra: Partial<CartModifyBody> = {},
): CartModifyBody {
  return {
    add: [
      {
        event_session_id: scene.session.id,
        ticket_types_required: seatIds.map((id) => ({
          ticket_type_id: scene.type.id,
          quantity: 1,
          seat_template_id: id,
        })),
      },
    ],
    ...extra,
  };
}

/** GET the seat map on `/api` or `/cached_api`. */
export function seatMapCall(
  app: FastifyInstance,
  scene: ReserveScene,
  options: { cached?: boolean; query?: string; sessionId?: string; eventId?: string } = {},
): Promise<LightMyRequestResponse> {
  const prefix = options.cached ? 'cached_api' : 'api';
  const eventId = options.eventId ?? scene.event.id;
  const sessionId = options.sessionId ?? scene.session.id;
  const query = `_seller=${scene.seller.slug}${options.query ? `&${options.query}` : ''}`;
  return app.inject({
    method: 'GET',
    url: `/${prefix}/events/${eventId}/sessions/${sessionId}/seat_map?${query}`,
  });
}

/** Parses a seat map answer against the contract. */
export function seatMapOf(res: LightMyRequestResponse): SeatMapResponse {
  if (res.statusCode !== 200)
    throw new Error(`expected a seat map, got ${res.statusCode}: ${res.body}`);
  return seatMapResponseSchema.parse(res.json());
}

/** Each seat's state by id. */
export const statesOf = (map: SeatMapResponse) =>
  new Map(map.seat._data.map((s) => [s.id, s.state]));
