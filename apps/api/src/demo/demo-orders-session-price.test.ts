import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { ticketType } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { demoId } from './demo-ids';
import { seedDemo } from './seed-demo';

// The demo's upcoming orders take the first General Admission session three days after the seed
// clock. Seeded on a Monday at 16:45 in New York, that is Thursday's late opening (17:30, Adult
// 29.00, Child 15.00: sellers/demo-museum.yaml), whose own prices the orders must pay, as a
// reserve there would (decision 0043), not the types' usual 25.00 and 12.00.
const MONDAY_LATE_AFTERNOON = new Date('2026-03-02T21:45:00Z'); // 16:45 EST
const SLUG = 'demo-museum';

describeEachDatabase('demo orders at a session with its own prices', (ctx) => {
  beforeAll(async () => {
    await seedDemo(ctx.db, { now: MONDAY_LATE_AFTERNOON });
  });

  it("the seeded order's tickets and totals carry the late opening's prices", async () => {
    const orderId = demoId(`${SLUG}/order/member-upcoming`);
    const rows = await ctx.db
      .select({ type: ticketType.name, face: ticket.faceValue, start: eventSession.startDatetime })
      .from(ticket)
      .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
      .innerJoin(eventSession, eq(eventSession.id, ticket.eventSessionId))
      .where(eq(ticket.ticketOrderId, orderId));
    // the control: the session is the Thursday 17:30 late opening (22:30 UTC)
    expect(rows.map((r) => r.start.toISOString())).toEqual(
      Array(3).fill('2026-03-05T22:30:00.000Z'),
    );
    expect(rows.map((r) => [r.type, r.face]).sort()).toEqual([
      ['Adult', 2900],
      ['Adult', 2900],
      ['Child', 1500],
    ]);
    const [order] = await ctx.db
      .select({ before: ticketOrder.totalBeforeCartmodPrice })
      .from(ticketOrder)
      .where(eq(ticketOrder.id, orderId));
    expect(order!.before).toBe(2900 * 2 + 1500);
  });
});
