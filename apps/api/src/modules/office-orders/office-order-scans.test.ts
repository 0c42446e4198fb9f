import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { officeOrderResponseSchema } from '@admit/contracts/office-orders';
import { ticket } from '@/db/schema/cart';
import { ticketScan } from '@/db/schema/ticket-scans';
import { makeApiKey, scan } from '@/modules/check-in/check-in-test-kit';
import { checkInSeams } from '@/modules/check-in/service';
import { buyOrder } from '@/modules/manage/manage-test-kit';
import { makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';

/**
 * Each ticket's scan history on its office order (issue #27, decision 0107): the admitting scan
 * and every refused one (already used, cancelled, another session), oldest first, by the
 * scanner key's name; never shown to another seller's staff; a refusal answers the same when
 * its line cannot be written; a code naming no ticket leaves no line.
 */

// 10:00 in New York, the scene's zone; its session starts at 14:00 that day
const NOW = new Date('2029-06-01T14:00:00Z');
const LATER = new Date('2029-06-01T14:05:00Z');
const realRecordRefused = checkInSeams.recordRefused;

describeEachDatabase('office orders: each ticket’s scan history', (ctx) => {
  let app: FastifyInstance;
  let clock = NOW;
  let museum: ReserveScene;
  let aquarium: ReserveScene;
  let eastDoor: string;
  let westDoor: string;
  const cookies = { boxOffice: '', theirOwner: '' };

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    const session = { startDatetime: new Date('2029-06-01T18:00:00Z'), capacity: 40 };
    museum = await makeReserveScene(ctx.db, { type: { amount: 0 }, session });
    aquarium = await makeReserveScene(ctx.db, { type: { amount: 0 }, session });
    eastDoor = (await makeApiKey(ctx.db, museum.seller.slug, 'East door', NOW)).key;
    westDoor = (await makeApiKey(ctx.db, museum.seller.slug, 'West door', NOW)).key;
    const boxOffice = await makeStaff(ctx.db, museum.seller.id, 'box_office');
    cookies.boxOffice = await officeLogin(app, museum.seller.slug, boxOffice.email);
    const theirOwner = await makeStaff(ctx.db, aquarium.seller.id, 'owner');
    cookies.theirOwner = await officeLogin(app, aquarium.seller.slug, theirOwner.email);
  });
  afterEach(() => {
    clock = NOW;
    checkInSeams.recordRefused = realRecordRefused;
  });
  afterAll(() => app.close());

  const codeOf = async (id: string) =>
    (await ctx.db.select().from(ticket).where(eq(ticket.id, id)))[0]!.scanCode!;
  const ticketsOf = async (orderId: string, scene = museum, cookie = cookies.boxOffice) => {
    const res = await officeCall(app, {
      path: `ticket_order/${orderId}`,
      slug: scene.seller.slug,
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = officeOrderResponseSchema.parse(res.json()).ticket_order._data[0]!;
    return new Map(order.tickets_detail.map((t) => [t.id, t]));
  };
  const refusalOf = (res: { statusCode: number; json: () => unknown }) => ({
    status: res.statusCode,
    code: (res.json() as { _data: { _code: string }[] })._data[0]!._code,
  });

  it('shows a ticket scanned twice: admitted, then refused as already used, oldest first', async () => {
    const order = await buyOrder(app, museum, 2);
    const [scannedId, otherId] = order.ticketIds as [string, string];
    expect((await scan(app, eastDoor, await codeOf(scannedId))).statusCode).toBe(200);
    clock = LATER;
    const again = await scan(app, westDoor, await codeOf(scannedId));
    expect(refusalOf(again)).toEqual({ status: 409, code: 'already_redeemed' });

    const tickets = await ticketsOf(order.orderId);
    expect(tickets.get(scannedId)).toMatchObject({
      state: 'redeemed',
      redeemed_at: NOW.toISOString(),
      redeemed_by: 'East door',
      scans: [
        { at: NOW.toISOString(), result: 'admitted', by: 'East door' },
        { at: LATER.toISOString(), result: 'already_redeemed', by: 'West door' },
      ],
    });
    expect(tickets.get(otherId)).toMatchObject({ state: 'booked', redeemed_at: null, scans: [] });

    // the other ticket at a door for another session: refused, and kept with the door it named
    const otherSession = await ctx.db
      .select({ id: ticket.eventSessionId })
      .from(ticket)
      .where(eq(ticket.id, otherId));
    const wrongDoor = '00000000-0000-4000-8000-000000000001';
    expect(otherSession[0]!.id).not.toBe(wrongDoor);
    const elsewhere = await scan(app, eastDoor, await codeOf(otherId), {
      event_session_id: wrongDoor,
    });
    expect(refusalOf(elsewhere)).toEqual({ status: 409, code: 'wrong_session' });
    expect((await ticketsOf(order.orderId)).get(otherId)!.scans).toEqual([
      { at: LATER.toISOString(), result: 'wrong_session', by: 'East door' },
    ]);
    const [stored] = await ctx.db.select().from(ticketScan).where(eq(ticketScan.ticketId, otherId));
    expect(stored).toMatchObject({ sellerId: museum.seller.id, doorSessionId: wrongDoor });
  });

  it('records a scan of a cancelled ticket as refused', async () => {
    const order = await buyOrder(app, museum, 1);
    const [ticketId] = order.ticketIds as [string];
    const cancelled = await officeCall(app, {
      method: 'POST',
      path: `ticket_order/${order.orderId}/cancel`,
      slug: museum.seller.slug,
      cookie: cookies.boxOffice,
      body: { tickets: [ticketId], reason: 'Changed their plans' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    clock = LATER;
    const refused = await scan(app, eastDoor, await codeOf(ticketId));
    expect(refusalOf(refused)).toEqual({ status: 409, code: 'ticket_cancelled' });
    expect((await ticketsOf(order.orderId)).get(ticketId)).toMatchObject({
      state: 'cancelled',
      redeemed_at: null,
      redeemed_by: null,
      scans: [{ at: LATER.toISOString(), result: 'ticket_cancelled', by: 'East door' }],
    });
  });

  it('never shows one seller’s scans to another’s staff; a code naming no ticket leaves no line', async () => {
    const ours = await buyOrder(app, museum, 1);
    const theirs = await buyOrder(app, aquarium, 1);
    const [ourTicket] = ours.ticketIds as [string];
    const [theirTicket] = theirs.ticketIds as [string];
    expect((await scan(app, eastDoor, await codeOf(ourTicket))).statusCode).toBe(200);
    // our door scanning their ticket: an unknown code to us, and nothing kept for their ticket
    const stranger = await scan(app, eastDoor, await codeOf(theirTicket));
    expect(refusalOf(stranger)).toEqual({ status: 404, code: 'unknown_code' });
    expect(refusalOf(await scan(app, eastDoor, 'NO-SUCH-CODE'))).toEqual({
      status: 404,
      code: 'unknown_code',
    });

    const notFound = await officeCall(app, {
      path: `ticket_order/${ours.orderId}`,
      slug: aquarium.seller.slug,
      cookie: cookies.theirOwner,
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).not.toContain('East door');
    const theirView = await ticketsOf(theirs.orderId, aquarium, cookies.theirOwner);
    expect(theirView.get(theirTicket)!.scans).toEqual([]);
    const stored = await ctx.db
      .select({ ticketId: ticketScan.ticketId })
      .from(ticketScan)
      .where(inArray(ticketScan.ticketId, [ourTicket, theirTicket]));
    expect(stored).toEqual([{ ticketId: ourTicket }]);
  });

  it('answers a refusal the same when its line cannot be written', async () => {
    const order = await buyOrder(app, museum, 1);
    const [ticketId] = order.ticketIds as [string];
    const code = await codeOf(ticketId);
    expect((await scan(app, eastDoor, code)).statusCode).toBe(200);
    const recorded = await scan(app, eastDoor, code);
    checkInSeams.recordRefused = () => Promise.reject(new Error('the database went away'));
    const unrecorded = await scan(app, eastDoor, code);
    expect(unrecorded.statusCode).toBe(409);
    expect(unrecorded.json()).toEqual(recorded.json());
    expect((await ticketsOf(order.orderId)).get(ticketId)!.scans.map((s) => s.result)).toEqual([
      'admitted',
      'already_redeemed',
    ]);
  });
});
