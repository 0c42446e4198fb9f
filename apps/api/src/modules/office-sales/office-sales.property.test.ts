import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  officeSalesResponseSchema,
  type SalesFigures,
  type SalesInterval,
} from '@admit/contracts/office-reports';
import { ticketOrder } from '@/db/schema/cart';
import { makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeEvent,
  makeTicketGroup,
  makeTicketType,
  type TicketGroupRow,
  type TicketTypeRow,
} from '@/testing/factories';
import { insertOrder, insertRefund, type LineSpec } from './sales-test-kit';

/**
 * The sales agree to the cent with the orders (issue #27, decision 0088): over generated orders
 * with tickets, donations, fees and partial refunds, placed at any minute of a month that
 * crosses New York's spring DST change, each period's figures equal a model's that buckets by
 * the venue's date through Intl (not the code under test), the whole range's revenue equals
 * the orders' stored totals after their refunds, and every breakdown adds up to the range.
 */

const DAY = 86_400_000;
const RUN_DAYS = 30;
const BASE = Date.parse('2029-03-01T05:00:00Z');

const venueDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dateOf = (t: number) => venueDate.format(new Date(t));
function periodOf(date: string, interval: SalesInterval) {
  if (interval === 'month') return `${date.slice(0, 7)}-01`;
  if (interval === 'day') return date;
  const d = new Date(`${date}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * DAY).toISOString().slice(0, 10);
}

const lineArb = fc
  .record({
    type: fc.integer({ min: 0, max: 2 }),
    face: fc.integer({ min: 0, max: 20_000 }),
    off: fc.integer({ min: 0, max: 100 }),
    feeFixed: fc.integer({ min: 0, max: 300 }),
    feePercent: fc.integer({ min: 0, max: 2_000 }),
  })
  .map((l) => ({ ...l, adjusted: Math.floor((l.face * (100 - l.off)) / 100) }));
const orderArb = fc.record({
  minute: fc.integer({ min: 0, max: 14 * 24 * 60 }),
  channel: fc.constantFrom('web', 'box_office', 'kiosk'),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  refund: fc.option(
    fc.record({ afterMinutes: fc.integer({ min: 1, max: 10 * 24 * 60 }), count: fc.nat(4) }),
  ),
});

describeEachDatabase('office sales: totals agree with the orders', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let types: { group: TicketGroupRow; type: TicketTypeRow }[];
  let cookie = '';
  let run = 0;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: new Date('2031-01-01T12:00:00Z') });
    scene = await makeReserveScene(ctx.db);
    const other = await makeEvent(ctx.db, scene.seller, { name: 'Second exhibition' });
    const otherGroup = await makeTicketGroup(ctx.db, other);
    const donations = await makeTicketGroup(ctx.db, scene.event, { handler: 'donation' });
    types = [
      { group: scene.group, type: scene.type },
      { group: otherGroup, type: await makeTicketType(ctx.db, otherGroup) },
      { group: donations, type: await makeTicketType(ctx.db, donations, { amount: 0 }) },
    ];
    const owner = await makeStaff(ctx.db, scene.seller.id, 'owner');
    cookie = await officeLogin(app, scene.seller.slug, owner.email);
  });
  afterAll(() => app.close());

  it('sums each period, each breakdown and the range to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom<SalesInterval>('day', 'week', 'month'),
        async (orders, interval) => {
          // each run has a month of its own, so runs never see each other's orders
          const start = BASE + run * RUN_DAYS * DAY;
          run += 1;
          const expected = new Map<string, SalesFigures>();
          const byChannel = new Map<string, number>();
          const add = (
            t: number,
            channel: string,
            amount: number,
            donation: boolean,
            n: number,
          ) => {
            const key = periodOf(dateOf(t), interval);
            const f = expected.get(key) ?? {
              revenue: 0,
              sales: 0,
              refunds: 0,
              donations: 0,
              tickets: 0,
            };
            f.revenue += amount;
            if (amount > 0 || n > 0) f.sales += amount;
            else f.refunds += amount;
            if (donation) f.donations += amount;
            f.tickets += n;
            expected.set(key, f);
            byChannel.set(channel, (byChannel.get(channel) ?? 0) + amount);
          };
          const orderIds: string[] = [];
          for (const o of orders) {
            const at = start + o.minute * 60_000;
            const lines: LineSpec[] = o.lines.map(({ type, ...l }) => ({ ...l, ...types[type]! }));
            const made = await insertOrder(ctx.db, scene, {
              at: new Date(at),
              channel: o.channel,
              lines,
            });
            orderIds.push(made.orderId);
            lines.forEach((l, i) => {
              const donation = o.lines[i]!.type === 2;
              add(
                at,
                o.channel,
                l.adjusted + l.feeFixed + l.feePercent,
                donation,
                donation ? 0 : 1,
              );
            });
            if (!o.refund) continue;
            const k = Math.min(o.refund.count, lines.length);
            const refundAt = at + o.refund.afterMinutes * 60_000;
            await insertRefund(
              ctx.db,
              scene,
              made,
              made.ticketIds.slice(0, k),
              lines.slice(0, k),
              new Date(refundAt),
            );
            lines.slice(0, k).forEach((l, i) => {
              const amount = -(l.adjusted + l.feeFixed + l.feePercent);
              if (amount !== 0) add(refundAt, o.channel, amount, o.lines[i]!.type === 2, 0);
            });
          }
          const from = dateOf(start);
          const to = dateOf(start + (RUN_DAYS - 1) * DAY);
          const res = await officeCall(app, {
            path: `sales?_from=${from}&_to=${to}&_interval=${interval}`,
            slug: scene.seller.slug,
            cookie,
          });
          expect(res.statusCode, res.body).toBe(200);
          const body = officeSalesResponseSchema.parse(res.json());
          const periods = body.sales_period._data.filter(
            (p) => p.revenue || p.sales || p.refunds || p.tickets,
          );
          const want = [...expected].filter(
            ([, f]) => f.revenue || f.sales || f.refunds || f.tickets,
          );
          expect(Object.fromEntries(periods.map(({ period, ...f }) => [period, f]))).toEqual(
            Object.fromEntries(want),
          );
          // the orders as stored, after their refunds, hold exactly the range's revenue
          const [stored] = await ctx.db
            .select({ sum: sql<number>`coalesce(sum(${ticketOrder.totalAfterFeesPrice}), 0)::int` })
            .from(ticketOrder)
            .where(inArray(ticketOrder.id, orderIds));
          const range = body.sales_range._data[0]!;
          expect(range.revenue).toBe(stored!.sum);
          for (const dimension of ['event', 'ticket_type', 'channel'] as const) {
            const rows = body.sales_breakdown._data.filter((r) => r.dimension === dimension);
            for (const field of ['revenue', 'sales', 'refunds', 'donations', 'tickets'] as const)
              expect(
                rows.reduce((n, r) => n + r[field], 0),
                `${dimension} ${field}`,
              ).toBe(range[field]);
          }
          const channels = body.sales_breakdown._data.filter((r) => r.dimension === 'channel');
          expect(Object.fromEntries(channels.map((r) => [r.key, r.revenue]))).toEqual(
            Object.fromEntries(byChannel),
          );
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
