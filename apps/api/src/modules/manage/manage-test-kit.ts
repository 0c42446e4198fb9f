import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import type { SelfEditRules } from '@admit/contracts/self-edit-rules';
import type { Db } from '@/db/connection';
import { paymentRefund } from '@/db/schema/aftersale';
import { ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { ledgerCard } from '@/db/schema/codes';
import { outbox } from '@/db/schema/mail';
import { seller } from '@/db/schema/identity';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  makeCart,
  newKey,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { makeSession, makeSessionPrice } from '@/testing/factories';
import { openPostgresTestDatabase } from '@/testing/test-database';

/** Test helpers of the after-sale suites: orders bought by a guest, manage calls, the money. */

export const RULES_ON: SelfEditRules = {
  enabled: true,
  anon_editing: true,
  horizon_days: 0,
  horizon_hours: 0,
  categories: null,
};

/** Stores the seller's self-edit rules (seller.config, read by seller-settings.ts). */
export async function setSelfEditRules(db: Db, sellerId: string, rules: Partial<SelfEditRules>) {
  await db
    .update(seller)
    .set({
      config: sql`coalesce(${seller.config}, '{}'::jsonb) || ${JSON.stringify({ self_edit_rules: rules })}::jsonb`,
    })
    .where(eq(seller.id, sellerId));
}

export interface BoughtOrder {
  orderId: string;
  secret: string;
  cartId: string;
  ticketIds: string[];
}

/**
 * A guest buys `quantity` tickets of the scene: by card (sandbox), for free (a 0 type), or a
 * gift card first and the card for the rest.
 */
export async function buyOrder(
  app: FastifyInstance,
  scene: ReserveScene,
  quantity: number,
  pay: {
    giftCard?: { number: string; amount: string };
    campaign?: string;
    /** answers to the order's checkout questions (decision 0064) */
    additionalInfo?: Record<string, string>;
  } = {},
): Promise<BoughtOrder> {
  const cart = await makeCart(
    app,
    scene,
    quantity,
    undefined,
    pay.campaign ? { campaign: pay.campaign } : {},
  );
  const total = (scene.type.amount * quantity) / 100;
  let left = total;
  if (pay.giftCard) {
    await checkoutCall(app, scene, {
      path: `cart/${cart.id}/pay`,
      body: {
        amount: pay.giftCard.amount,
        gateway_id: 'ledger',
        gateway_data: { ledger_type: 'ledger', ledger_number: pay.giftCard.number },
      },
    });
    left -= Number(pay.giftCard.amount);
  }
  const entry =
    left === 0
      ? { amount: '0.00', gateway_id: 'free', gateway_data: {} }
      : cardEntry(left.toFixed(2), await tokenize(app, '4242424242424242'));
  const order = orderOf(
    await checkoutCall(app, scene, {
      path: `cart/${cart.id}/guest_checkout`,
      body: {
        ...entry,
        purchaser: PURCHASER,
        ...(pay.additionalInfo ? { additional_info: pay.additionalInfo } : {}),
      },
    }),
  );
  return {
    orderId: order.ticket_order._data[0]!.id,
    secret: order.access_secret,
    cartId: cart.id,
    ticketIds: order.ticket._data.map((t) => t.id),
  };
}

/** A manage call as the storefront makes it: the secret in the query, an Idempotency-Key. */
export function manageCall(
  app: FastifyInstance,
  scene: ReserveScene,
  options: {
    method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    path: string;
    secret?: string | null;
    body?: unknown;
    key?: string | null;
    token?: string;
    /** more of the query, e.g. `dry_run=true` */
    query?: string;
  },
): Promise<LightMyRequestResponse> {
  const key = options.key === undefined ? newKey() : options.key;
  const secret = options.secret ? `&secret=${encodeURIComponent(options.secret)}` : '';
  const more = options.query ? `&${options.query}` : '';
  return app.inject({
    method: options.method ?? 'POST',
    url: `/api/${options.path}?_seller=${scene.seller.slug}${secret}${more}`,
    headers: {
      [APP_HEADER]: APP_HEADER_VALUE,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    cookies: options.token ? { [SESSION_COOKIE]: options.token } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** What the money and the places look like now, for one order's scene. */
export async function ledgerOf(db: Db, scene: ReserveScene, orderId: string) {
  const [session] = await db
    .select()
    .from(eventSession)
    .where(eq(eventSession.id, scene.session.id));
  const refunds = await db
    .select()
    .from(paymentRefund)
    .where(eq(paymentRefund.ticketOrderId, orderId));
  const tickets = await db.select().from(ticket).where(eq(ticket.ticketOrderId, orderId));
  const mails = await db.select().from(outbox).where(eq(outbox.kind, 'order_cancel'));
  return { used: session!.usedCapacity, refunds, tickets, mails };
}

/** A gift card of the scene's seller. */
export async function makeGiftCard(db: Db, sellerId: string, number: string, balance: number) {
  await db.insert(ledgerCard).values({ sellerId, number, balance, currency: 'USD' });
  return async () =>
    (
      await db
        .select()
        .from(ledgerCard)
        .where(and(eq(ledgerCard.sellerId, sellerId), eq(ledgerCard.number, number)))
    )[0]!.balance;
}

/**
 * A race's stage on PostgreSQL: a throw-away database, the app listening on loopback (real
 * concurrent requests), a scene whose seller lets buyers edit. `close` tears it down.
 */
export async function raceStage(url: string, now: Date, pool: number) {
  const handle = await openPostgresTestDatabase(url, pool);
  const app = await buildTestApp(handle.database, { now, env: { MAIL_POLL_MS: '0' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const scene = await makeReserveScene(handle.database.db);
  await setSelfEditRules(handle.database.db, scene.seller.id, RULES_ON);
  const close = async () => {
    await app.close();
    await handle.dispose();
  };
  return { db: handle.database.db, app, origin, scene, close };
}

/** Held and booked tickets of the session against its counter and its capacity (the races' check). */
export async function sessionInvariant(db: Db, sessionId: string) {
  const [row] = await db.select().from(eventSession).where(eq(eventSession.id, sessionId));
  const [live] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(ticket)
    .where(and(eq(ticket.eventSessionId, sessionId), inArray(ticket.state, ['in_cart', 'booked'])));
  const capacity = row!.capacity + row!.oversellCapacity;
  const violations = [
    live!.n > capacity ? `oversold: ${live!.n} tickets for ${capacity} places` : '',
    row!.usedCapacity !== live!.n
      ? `used_capacity ${row!.usedCapacity} for ${live!.n} tickets`
      : '',
  ].filter(Boolean);
  return { used: row!.usedCapacity, live: live!.n, violations };
}

/** Two later sessions of the scene's event with their own price of its type (decision 0043). */
export async function makePricedSessions(
  db: Db,
  scene: ReserveScene,
  prices: { dearer: number; cheaper: number },
) {
  const at = (iso: string) =>
    makeSession(db, scene.event, { startDatetime: new Date(iso), capacity: 50 });
  const dearer = await at('2030-01-03T22:30:00Z');
  const cheaper = await at('2030-01-04T15:00:00Z');
  await makeSessionPrice(db, dearer, scene.type, prices.dearer);
  await makeSessionPrice(db, cheaper, scene.type, prices.cheaper);
  return { dearer, cheaper };
}
