import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutResponseSchema, type CheckoutResponse } from '@admit/contracts/checkout';
import { orderEditResponseSchema } from '@admit/contracts/manage';
import { decimalToMinor } from '@admit/contracts/money';
import {
  PURCHASER,
  cardEntry,
  checkoutCall,
  makeCart,
  orderOf,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { attachDepositPlan } from '@/modules/schedules/plan-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  makeSession,
  makeTicketGroup,
  makeTicketType,
  type SessionRow,
  type TicketTypeRow,
} from '@/testing/factories';
import { RULES_ON, manageCall, setSelfEditRules } from './manage-test-kit';

/**
 * Issue #22, after finding 1: an edit credited a taken-away ticket with its full value though
 * only its deposit was paid, so the credit paid the new tickets' deposit and the order ended
 * with more booked than paid plus owed by schedule. The credit is what was paid toward the
 * tickets (decision 0036, update "credit is what was paid"), and the committed order's schedule
 * owes exactly the rest.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };

describeEachDatabase('manage: an edit credits what was paid, no more', (ctx) => {
  let app: FastifyInstance;
  let tour: ReserveScene;
  let later: SessionRow;
  /** the same tour, private: $1000, the same group and so the same deposit plan */
  let privateTour: TicketTypeRow;
  /** the same event, a group without a plan: due in full */
  let audioGuide: TicketTypeRow;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => NOW, env: { MAIL_POLL_MS: '0' } });
    // $250, a 25 % deposit now, the rest 7 days before the visit (2029-06-13)
    tour = await makeReserveScene(ctx.db, {
      type: { amount: 25_000 },
      session: { startDatetime: new Date('2029-06-20T14:00:00Z'), capacity: 50 },
    });
    await attachDepositPlan(ctx.db, tour);
    await setSelfEditRules(ctx.db, tour.seller.id, RULES_ON);
    later = await makeSession(ctx.db, tour.event, {
      startDatetime: new Date('2029-06-27T14:00:00Z'),
      capacity: 50,
    });
    privateTour = await makeTicketType(ctx.db, tour.group, { amount: 100_000 });
    const plain = await makeTicketGroup(ctx.db, tour.event);
    audioGuide = await makeTicketType(ctx.db, plain, { amount: 25_000 });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A guest buys `quantity` tour tickets paying only the deposit (25 %) by card. */
  async function depositOrder(quantity: number) {
    const cart = await makeCart(app, tour, quantity);
    const deposit = ((tour.type.amount * quantity) / 4 / 100).toFixed(2);
    const order = orderOf(
      await checkoutCall(app, tour, {
        path: `cart/${cart.id}/guest_checkout`,
        body: {
          ...cardEntry(deposit, await tokenize(app, '4242424242424242')),
          purchaser: PURCHASER,
        },
      }),
    );
    expect(order.ticket_order_fees._data[0]!.total_payments).toBe(deposit);
    return {
      orderId: order.ticket_order._data[0]!.id,
      secret: order.access_secret,
      ticketIds: order.ticket._data.map((t) => t.id),
    };
  }
  type Order = Awaited<ReturnType<typeof depositOrder>>;

  const edit = async (order: Order, body: unknown) => {
    const res = await manageCall(app, tour, {
      path: `ticket_order/${order.orderId}/edit`,
      secret: order.secret,
      body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return orderEditResponseSchema.parse(res.json());
  };
  const pay = (order: Order, body: unknown) =>
    manageCall(app, tour, {
      path: `ticket_order/${order.orderId}/edit/pay`,
      secret: order.secret,
      body,
    });
  const card = async (amount: string) => cardEntry(amount, await tokenize(app, '4242424242424242'));

  /** Value booked = paid + still owed by schedule, and what the schedule says. */
  function balanceOf(bundle: CheckoutResponse) {
    const fees = bundle.ticket_order_fees._data[0]!;
    const scheduled = bundle.scheduled_payment?._data ?? [];
    const owedBySchedule = scheduled.reduce((n, s) => n + decimalToMinor(s.amount), 0);
    expect(fees.total_payments).toBeDefined();
    expect(decimalToMinor(fees.total_after_fees_price)).toBe(
      decimalToMinor(fees.total_payments!) + owedBySchedule,
    );
    return {
      total: fees.total_after_fees_price,
      paid: fees.total_payments,
      outstanding: fees.total_outstanding,
      scheduled: scheduled.map((s) => [s.dueDate, s.amount]),
    };
  }

  it('cancel the deposit-paid ticket, move the other to the $1000 tour: the deposit difference is due now, the rest by schedule', async () => {
    const order = await depositOrder(2); // $500 booked, $125 paid, $375 due 2029-06-13
    const [kept, moved] = order.ticketIds as [string, string];
    await edit(order, { cancel: [kept] });
    const opened = await edit(order, {
      reschedule: [
        { ticket_ids: [moved], event_session_id: later.id, ticket_type_id: privateTour.id },
      ],
    });
    // both tickets taken away: the credit is the $125 paid, not their $500 value
    expect(opened.order_edit._data[0]).toMatchObject({
      credit: '125.00',
      added: '1000.00',
      difference: '875.00',
    });
    // the new ticket's deposit is $250: $125 of it is still to pay now
    expect(opened.cart_fees._data[0]).toMatchObject({
      total_payments: '125.00',
      total_outstanding: '875.00',
      total_due: '125.00',
    });

    const free = await pay(order, FREE);
    expect(free.statusCode).toBe(422);
    expect(errorOf(free)._code).toBe('validation_failed');
    const done = await pay(order, await card('125.00'));
    expect(done.statusCode, done.body).toBe(201);
    expect(balanceOf(checkoutResponseSchema.parse(done.json()))).toEqual({
      total: '1000.00',
      paid: '250.00',
      outstanding: '750.00',
      scheduled: [['2029-06-20', '750.00']],
    });
  });

  it('a deposit-paid ticket moved to a ticket of the same event without a plan: the difference is paid now', async () => {
    const order = await depositOrder(1); // $250 booked, $62.50 paid
    const opened = await edit(order, {
      reschedule: [
        { ticket_ids: order.ticketIds, event_session_id: later.id, ticket_type_id: audioGuide.id },
      ],
    });
    expect(opened.order_edit._data[0]).toMatchObject({ credit: '62.50', difference: '187.50' });
    expect(opened.cart_fees._data[0]).toMatchObject({ total_due: '187.50' });
    expect((await pay(order, FREE)).statusCode).toBe(422);
    const done = await pay(order, await card('187.50'));
    expect(done.statusCode, done.body).toBe(201);
    expect(balanceOf(checkoutResponseSchema.parse(done.json()))).toEqual({
      total: '250.00',
      paid: '250.00',
      outstanding: '0.00',
      scheduled: [],
    });
  });

  it('cancelling one of two deposit-paid tickets: nothing back, the schedule owes the rest of the other', async () => {
    const order = await depositOrder(2); // $500 booked, $125 paid
    const opened = await edit(order, { cancel: [order.ticketIds[0]] });
    expect(opened.order_edit._data[0]).toMatchObject({ credit: '62.50', added: '0.00' });
    const done = await pay(order, FREE);
    expect(done.statusCode, done.body).toBe(201);
    // the paid $125 stays on the order (a balance is reduced before anything is refunded)
    expect(balanceOf(checkoutResponseSchema.parse(done.json()))).toEqual({
      total: '250.00',
      paid: '125.00',
      outstanding: '125.00',
      scheduled: [['2029-06-13', '125.00']],
    });
  });
});
