import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { demoEventId, demoId } from './demo-ids';
import { demoGroupId } from './demo-ids';
import { seedDemo } from './seed-demo';
import { addDays, localDate } from '@/lib/zoned-time';

const NOW = new Date('2029-06-01T12:00:00Z');
const SELLER = { slug: 'demo-museum' };

describeEachDatabase('seedDemo: the group tour pays by a deposit plan', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    expect(await seedDemo(ctx.db, { now: NOW })).toEqual({ seeded: true });
    app = await buildTestApp(ctx.database, { now: () => NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a tour booked more than 7 days ahead is due 25 % now and the rest 7 days before', async () => {
    const [session] = await ctx.db
      .select()
      .from(eventSession)
      .where(
        and(
          eq(eventSession.eventTemplateId, demoEventId('demo-museum', 'private-group-tour')),
          gt(eventSession.startDatetime, new Date(NOW.getTime() + 10 * 86_400_000)),
        ),
      )
      .orderBy(asc(eventSession.startDatetime))
      .limit(1);
    const typeId = demoId(
      `${demoGroupId('demo-museum', 'private-group-tour', 'group')}/type/group`,
    );
    const created = bundleOf(
      await cartCall(app, SELLER, {
        method: 'POST',
        path: 'my/cart/modify',
        body: {
          // the tour's checkout rule wants a partner code (demo-codes.ts)
          preReservePromoCodes: ['PARTNER2026'],
          add: [
            {
              event_session_id: session!.id,
              ticket_types_required: [{ ticket_type_id: typeId, quantity: 1 }],
            },
          ],
        },
      }),
    );
    const cartId = created.cart._data[0]!.id;
    const bundle = bundleOf(await cartCall(app, SELLER, { method: 'GET', path: `cart/${cartId}` }));
    expect(bundle.cart_fees._data[0]).toMatchObject({
      total_outstanding: '250.00',
      total_due: '62.50',
    });
    const visit = localDate(session!.startDatetime, 'America/New_York');
    expect(bundle.scheduled_payment!._data.map((s) => [s.dueDate, s.amount, s.status])).toEqual([
      ['2029-06-01', '62.50', 'Upcoming'],
      [addDays(visit, -7), '187.50', 'Upcoming'],
    ]);
  });
});
