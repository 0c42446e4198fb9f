import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/transaction';
import { cart, ticket, ticketOrder } from '@/db/schema/cart';
import { ticketGroup, ticketType } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { payment } from '@/db/schema/payments';
import { addDays, localDate, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { hashSecret, ticketScanCode } from '@/modules/orders/codes';
import { ticketFees } from '@admit/contracts/rules/fees';
import {
  priceAtSession,
  sessionPricesSql,
  toSessionPriceMap,
} from '@/modules/pricing/session-prices';
import { demoAccountId } from './demo-accounts';
import { demoEventId, demoId } from './demo-ids';
import type { DemoSeller } from './demo-types';

/**
 * After-sale demo data (issue #15, README "Demo orders"): the museum lets buyers change their
 * orders (self-edit rules on, 1 day horizon, anonymous editing by the secret link: its seller
 * file's `self_edit_rules`), and its demo
 * accounts have orders — one for a visit a month ago, one for a visit days ahead — paid by the
 * sandbox card, so the account area lists them and a manage link can reschedule or cancel.
 */

/** The guest's upcoming order opens at `/demo-museum/manage/{id}?secret=` this (README). */
export const DEMO_MANAGE_SECRET = 'demo-manage-secret-museum';

interface DemoOrder {
  key: string;
  email: string;
  when: 'past' | 'upcoming';
  /** ticket type names and how many */
  tickets: [string, number][];
  placedDaysAgo: number;
  secret?: string;
}

const MUSEUM_ORDERS: DemoOrder[] = [
  {
    key: 'member-past',
    email: 'member@demo-museum.test',
    when: 'past',
    tickets: [['Adult', 2]],
    placedDaysAgo: 40,
  },
  {
    key: 'member-upcoming',
    email: 'member@demo-museum.test',
    when: 'upcoming',
    tickets: [
      ['Adult', 2],
      ['Child', 1],
    ],
    placedDaysAgo: 2,
  },
  {
    key: 'guest-upcoming',
    email: 'guest@demo-museum.test',
    when: 'upcoming',
    tickets: [['Adult', 2]],
    placedDaysAgo: 1,
    secret: DEMO_MANAGE_SECRET,
  },
];

const code = (key: string, length: number) =>
  createHash('sha256')
    .update(`admit-demo-order:${key}`)
    .digest('hex')
    .slice(0, length)
    .toUpperCase();

/** The museum's demo orders; the other sellers have none. */
export async function writeDemoOrders(tx: Executor, demo: DemoSeller, now: Date): Promise<void> {
  if (demo.slug !== 'demo-museum') return;
  const sellerId = demoId(`${demo.slug}/seller`);
  const eventId = demoEventId(demo.slug, 'general-admission');
  const types = await tx
    .select({ type: ticketType })
    .from(ticketType)
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticketType.ticketGroupId))
    .where(and(eq(ticketGroup.eventTemplateId, eventId), eq(ticketGroup.handler, 'tickets')));
  const typeOf = (name: string) => types.find((t) => t.type.name === name)!.type;
  // a visit outside the 1-day horizon, so the demo order can still be changed
  const [upcomingRow] = await tx
    .select({ session: eventSession, prices: sessionPricesSql(eventSession.id) })
    .from(eventSession)
    .where(
      and(
        eq(eventSession.eventTemplateId, eventId),
        gte(eventSession.startDatetime, new Date(now.getTime() + 3 * 86_400_000)),
      ),
    )
    .orderBy(asc(eventSession.startDatetime))
    .limit(1);
  const upcoming = upcomingRow?.session;
  // it may be a session with prices of its own (the Thursday late opening): the order pays them
  const upcomingPrices = toSessionPriceMap(upcomingRow?.prices);
  // a past visit: its own session a month ago, 10:00 at the venue
  const pastStart = zonedWallTimeToUtc(
    addDays(localDate(now, demo.timezone), -30),
    '10:00',
    demo.timezone,
  );
  const [past] = await tx
    .insert(eventSession)
    .values({
      id: demoId(`${demo.slug}/session/past-visit`),
      sellerId,
      eventTemplateId: eventId,
      startDatetime: pastStart,
      endDatetime: new Date(pastStart.getTime() + 30 * 60_000),
      capacity: upcoming!.capacity,
    })
    .returning();
  for (const o of MUSEUM_ORDERS) {
    const session = o.when === 'past' ? past! : upcoming!;
    const identityId = demoAccountId(demo.slug, o.email);
    const placed = new Date(now.getTime() - o.placedDaysAgo * 86_400_000);
    const cartId = demoId(`${demo.slug}/order-cart/${o.key}`);
    const prices = o.when === 'past' ? {} : upcomingPrices;
    const lines = o.tickets.flatMap(([name, n]) =>
      Array.from({ length: n }, () => {
        const type = typeOf(name);
        const price = priceAtSession(type, prices);
        return { type, price, fees: ticketFees(price, type.outsideFees) };
      }),
    );
    const totals = lines.reduce(
      (t, { price, fees }) => ({
        price: t.price + price,
        fixed: t.fixed + fees.fixed,
        percent: t.percent + fees.percent,
      }),
      { price: 0, fixed: 0, percent: 0 },
    );
    const total = totals.price + totals.fixed + totals.percent;
    await tx.insert(cart).values({
      id: cartId,
      sellerId,
      identityId,
      cartNumber: code(`${o.key}/cart`, 8),
      state: 'completed',
      expiresAt: placed,
      createdAt: placed,
      updatedAt: placed,
    });
    const orderId = demoId(`${demo.slug}/order/${o.key}`);
    await tx.insert(ticketOrder).values({
      id: orderId,
      sellerId,
      cartId,
      identityId,
      orderNumber: String(100_000_000 + (parseInt(code(o.key, 8), 16) % 800_000_000)),
      accessSecretHash: hashSecret(o.secret ?? code(`${o.key}/secret`, 32)),
      email: o.email,
      currency: demo.currency,
      totalBeforeCartmodPrice: totals.price,
      totalFeeFixedOutside: totals.fixed,
      totalFeePercentOutside: totals.percent,
      totalAfterFeesPrice: total,
      scanCode: code(`${o.key}/scan`, 24),
      createdAt: placed,
    });
    const ticketIdOf = (i: number) => demoId(`${demo.slug}/order-ticket/${o.key}/${i}`);
    await tx.insert(ticket).values(
      lines.map(({ type, price, fees }, i) => ({
        id: ticketIdOf(i),
        cartId,
        ticketOrderId: orderId,
        ticketTypeId: type.id,
        ticketGroupId: type.ticketGroupId,
        eventTemplateId: eventId,
        eventSessionId: session.id,
        state: 'booked',
        scanCode: ticketScanCode(code(`${o.key}/scan`, 24), ticketIdOf(i)),
        faceValue: price,
        adjustedValue: price,
        // what each ticket was charged, frozen as a checkout does (decision 0047)
        feeFixedOutside: fees.fixed,
        feePercentOutside: fees.percent,
        holdsSessionCapacity: true,
        createdAt: placed,
      })),
    );
    await tx
      .update(eventSession)
      .set({ usedCapacity: sql`${eventSession.usedCapacity} + ${lines.length}` })
      .where(inArray(eventSession.id, [session.id]));
    // paid by the sandbox card: a cancel or a cheaper change refunds through it
    const paymentId = demoId(`${demo.slug}/payment/${o.key}`);
    await tx.insert(payment).values({
      id: paymentId,
      sellerId,
      cartId,
      gatewayId: 'stripe',
      amount: total,
      currency: demo.currency,
      state: 'succeeded',
      gatewayRef: paymentId,
      gatewayData: { card_gateway: 'sandbox', source_type: 'card' },
      createdAt: placed,
      updatedAt: placed,
    });
  }
}
