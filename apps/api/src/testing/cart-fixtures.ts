import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { cartBundleSchema, type CartBundle, type CartModifyBody } from '@admit/contracts/cart';
import type { Db } from '@/db/connection';
import type { ticketGroup, ticketType } from '@/db/schema/catalog';
import type { eventSession } from '@/db/schema/sessions';
import {
  makeEvent,
  makeSeller,
  makeSession,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
  type EventRow,
  type SellerRow,
  type SessionRow,
  type TicketGroupRow,
  type TicketTypeRow,
} from './factories';
import { firstError } from './responses';

/** A seller with one event, one ticket group, one ticket type and one session. */
export interface ReserveScene {
  seller: SellerRow;
  event: EventRow;
  group: TicketGroupRow;
  type: TicketTypeRow;
  session: SessionRow;
}

export async function makeReserveScene(
  db: Db,
  overrides: {
    group?: Partial<typeof ticketGroup.$inferInsert>;
    type?: Partial<typeof ticketType.$inferInsert>;
    session?: Partial<typeof eventSession.$inferInsert>;
    sellerConfig?: Record<string, unknown>;
  } = {},
): Promise<ReserveScene> {
  const seller = await makeSeller(db, { config: overrides.sellerConfig ?? {} });
  const venue = await makeVenue(db, seller);
  const event = await makeEvent(db, seller, { venueId: venue.id });
  const group = await makeTicketGroup(db, event, overrides.group);
  const type = await makeTicketType(db, group, overrides.type);
  const session = await makeSession(db, event, { capacity: 50, ...overrides.session });
  return { seller, event, group, type, session };
}

/** Calls the cart API like the storefront does: `_seller`, the app header, an optional cookie. */
export function cartCall(
  app: FastifyInstance,
  seller: { slug: string },
  options: {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    path: string;
    body?: unknown;
    token?: string;
    query?: string;
    /** the client address (abuse limits count per address) */
    ip?: string;
  },
): Promise<LightMyRequestResponse> {
  const query = `_seller=${seller.slug}${options.query ? `&${options.query}` : ''}`;
  return app.inject({
    method: options.method,
    url: `/api/${options.path}?${query}`,
    headers: { [APP_HEADER]: APP_HEADER_VALUE },
    cookies: options.token ? { [SESSION_COOKIE]: options.token } : {},
    ...(options.ip === undefined ? {} : { remoteAddress: options.ip }),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** A modify body reserving `quantity` of one type on one session. */
export function addBody(
  scene: ReserveScene,
  quantity = 1,
  extra: Partial<CartModifyBody> = {},
): CartModifyBody {
  return {
    add: [
      {
        event_session_id: scene.session.id,
        ticket_types_required: [{ ticket_type_id: scene.type.id, quantity }],
      },
    ],
    ...extra,
  };
}

/** Parses a cart answer against the contract (fails the test on any drift). */
export function bundleOf(res: LightMyRequestResponse): CartBundle {
  if (res.statusCode >= 300)
    throw new Error(`expected a cart bundle, got ${res.statusCode}: ${res.body}`);
  return cartBundleSchema.parse(res.json());
}

/** The first error item of an error answer. */
export const errorOf = (res: LightMyRequestResponse) => firstError(res.json())!;
