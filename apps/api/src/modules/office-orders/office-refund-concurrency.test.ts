import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { OFFICE_SESSION_COOKIE } from '@admit/contracts/office';
import { paymentRefund } from '@/db/schema/aftersale';
import { ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { buyOrder, raceStage } from '@/modules/manage/manage-test-kit';
import { makeStaff, officeLogin } from '@/modules/office/office.test-kit';

/**
 * Office refunds raced (issue #27 money properties, decision 0087): box-office staff at two
 * desks refund the same tickets at once, over real HTTP. Whatever wins, the refunds never exceed
 * what was paid and each place comes back exactly once. The guard is the manage flow's own
 * (orders/order-change.ts `cancelBooked`, called through manage/cancel.ts), whose control —
 * the same race with a read-then-write cancel, caught refunding twice — is
 * manage/cancel-concurrency.test.ts. PostgreSQL only: PGlite runs one query at a time.
 */

const URL_ = process.env.TEST_DATABASE_URL;
const NOW = new Date('2029-06-01T12:00:00Z');
const DESKS = 6;

describe.skipIf(!URL_)('office: refunds raced [postgres]', () => {
  let stage: Awaited<ReturnType<typeof raceStage>>;
  let cookies: string[];

  beforeAll(async () => {
    stage = await raceStage(URL_!, NOW, 12);
    const { app, db, scene } = stage;
    cookies = [];
    for (let i = 0; i < 2; i++) {
      const staff = await makeStaff(db, scene.seller.id, 'box_office');
      cookies.push(await officeLogin(app, scene.seller.slug, staff.email));
    }
  });
  afterAll(async () => {
    await stage?.close();
  });

  const refundOverHttp = (orderId: string, tickets: string[], desk: number) =>
    fetch(
      `${stage.origin}/api/office/ticket_order/${orderId}/cancel?_seller=${stage.scene.seller.slug}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [APP_HEADER]: APP_HEADER_VALUE,
          cookie: `${OFFICE_SESSION_COOKIE}=${cookies[desk % cookies.length]}`,
        },
        body: JSON.stringify({ tickets, reason: `desk ${desk}` }),
      },
    ).then((res) => res.status);

  it(`${DESKS} desks refunding overlapping tickets at once: refunds ≤ paid, each place back once`, async () => {
    const { db, app, scene } = stage;
    const order = await buyOrder(app, scene, 3);
    const paid = 3 * scene.type.amount;
    const [before] = await db
      .select()
      .from(eventSession)
      .where(eq(eventSession.id, scene.session.id));
    // overlapping asks: the whole order, single tickets, pairs
    const asks = [
      order.ticketIds,
      [order.ticketIds[0]!],
      [order.ticketIds[1]!, order.ticketIds[2]!],
      [order.ticketIds[0]!, order.ticketIds[1]!],
      [order.ticketIds[2]!],
      order.ticketIds,
    ].slice(0, DESKS);
    const statuses = await Promise.all(
      asks.map((tickets, desk) => refundOverHttp(order.orderId, tickets, desk)),
    );
    expect(
      statuses.every((s) => [200, 422].includes(s)),
      String(statuses),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);

    const refunds = await db
      .select()
      .from(paymentRefund)
      .where(eq(paymentRefund.ticketOrderId, order.orderId));
    const refunded = refunds.reduce((n, r) => n + r.amount, 0);
    const cancelled = await db
      .select()
      .from(ticket)
      .where(and(eq(ticket.ticketOrderId, order.orderId), eq(ticket.state, 'cancelled')));
    const [after] = await db
      .select()
      .from(eventSession)
      .where(eq(eventSession.id, scene.session.id));
    const [live] = await db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(ticket)
      .where(
        and(
          eq(ticket.eventSessionId, scene.session.id),
          inArray(ticket.state, ['in_cart', 'booked']),
        ),
      );
    // whichever asks won: each cancelled ticket refunded once, its place back once, never more than paid
    expect(cancelled.length).toBeGreaterThanOrEqual(1);
    expect(refunded).toBe(cancelled.length * scene.type.amount);
    expect(refunded).toBeLessThanOrEqual(paid);
    expect(after!.usedCapacity).toBe(before!.usedCapacity - cancelled.length);
    expect(after!.usedCapacity).toBe(live!.n);
  });
});

describe.skipIf(!!URL_)('office: refunds raced [postgres]', () => {
  it.skip('needs TEST_DATABASE_URL (PostgreSQL); PGlite serializes every query, so it cannot race', () => {});
});
