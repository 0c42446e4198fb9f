import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import type { CollectionsBody as Body } from '@/testing/responses';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeEvent,
  makeSeller,
  makeSession,
  makeSessionPrice,
  makeTicketGroup,
  makeTicketType,
  type SellerRow,
} from '@/testing/factories';

/**
 * The listing's "from" (issue 22): each ticket type's `currency_amount_from` is the least a
 * ticket of it can be charged before fees — its lowest price among the event's sessions on sale
 * (decision 0043's session prices), not the type's own amount.
 */

const NOW = new Date('2030-03-10T12:00:00Z');
const HOUR = 60 * 60_000;
const at = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * HOUR);

describeEachDatabase('GET events/available: the types’ lowest prices', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const fromPrices = async (seller: SellerRow, qs = '') => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/events/available?_seller=${seller.slug}&_embed=ticket_group,ticket_type${qs}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Body;
    return Object.fromEntries(
      (body.ticket_type?._data ?? []).map((t) => [t.name, t.currency_amount_from]),
    );
  };

  async function admission(seller: SellerRow) {
    const event = await makeEvent(ctx.db, seller);
    const group = await makeTicketGroup(ctx.db, event, { handler: 'tickets' });
    const adult = await makeTicketType(ctx.db, group, { name: 'Adult', amount: 2500 });
    const child = await makeTicketType(ctx.db, group, { name: 'Child', amount: 1200 });
    return { event, group, adult, child };
  }

  it('a session priced below the type lowers it; one priced above everywhere raises it', async () => {
    const seller = await makeSeller(ctx.db);
    const { event, adult, child } = await admission(seller);
    const morning = await makeSession(ctx.db, event, { startDatetime: at(5) });
    const evening = await makeSession(ctx.db, event, { startDatetime: at(10) });
    // an early-bird adult price at one session; children dearer at every session
    await makeSessionPrice(ctx.db, morning, adult, 1900);
    await makeSessionPrice(ctx.db, morning, child, 1500);
    await makeSessionPrice(ctx.db, evening, child, 1400);

    expect(await fromPrices(seller)).toEqual({ Adult: '19.00', Child: '14.00' });
  });

  it('counts only sessions on sale: not past, sold out or full; all sold out quotes them all', async () => {
    const seller = await makeSeller(ctx.db);
    const { event, adult, child } = await admission(seller);
    const past = await makeSession(ctx.db, event, { startDatetime: at(-5) });
    const flagged = await makeSession(ctx.db, event, { startDatetime: at(5), soldOut: true });
    const full = await makeSession(ctx.db, event, {
      startDatetime: at(6),
      capacity: 10,
      usedCapacity: 10,
    });
    const open = await makeSession(ctx.db, event, { startDatetime: at(7) });
    await makeSessionPrice(ctx.db, past, adult, 500);
    await makeSessionPrice(ctx.db, flagged, adult, 600);
    await makeSessionPrice(ctx.db, full, adult, 700);
    await makeSessionPrice(ctx.db, open, adult, 2900);
    await makeSessionPrice(ctx.db, full, child, 800);

    // on sale: only the open session (adult 29.00, child at its amount)
    expect(await fromPrices(seller)).toEqual({ Adult: '29.00', Child: '12.00' });

    await ctx.db.update(eventSession).set({ soldOut: true }).where(eq(eventSession.id, open.id));
    // nothing on sale: the listed (future) sessions' lowest, never the past one's
    expect(await fromPrices(seller)).toEqual({ Adult: '6.00', Child: '8.00' });
  });

  it('follows the listing’s day filter', async () => {
    const seller = await makeSeller(ctx.db, { timezone: 'UTC' });
    const { event, adult } = await admission(seller);
    const today = await makeSession(ctx.db, event, { startDatetime: at(5) });
    const tomorrow = await makeSession(ctx.db, event, { startDatetime: at(24) });
    await makeSessionPrice(ctx.db, today, adult, 3000);
    await makeSessionPrice(ctx.db, tomorrow, adult, 2000);

    expect((await fromPrices(seller, '&_ondate=2030-03-10')).Adult).toBe('30.00');
    expect((await fromPrices(seller, '&_ondate=2030-03-11')).Adult).toBe('20.00');
    expect((await fromPrices(seller)).Adult).toBe('20.00');
  });

  it('a flexible price quotes its minimum; a type without session prices its amount', async () => {
    const seller = await makeSeller(ctx.db);
    const event = await makeEvent(ctx.db, seller);
    await makeSession(ctx.db, event, { startDatetime: at(5) });
    const tickets = await makeTicketGroup(ctx.db, event, { handler: 'tickets' });
    await makeTicketType(ctx.db, tickets, { name: 'Plain', amount: 1800 });
    const donation = await makeTicketGroup(ctx.db, event, { handler: 'donation' });
    await makeTicketType(ctx.db, donation, {
      name: 'Gift',
      amount: 1000,
      amountMin: 500,
      amountMax: 50_000,
    });

    expect(await fromPrices(seller)).toEqual({ Plain: '18.00', Gift: '5.00' });
  });
});
