import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { cart, ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeIdentity } from '@/testing/factories';
import { createHoldCoalescer } from './hold-batch';
import type { BatchedHold } from './hold-batch-write';

const NOW = new Date('2029-06-01T12:00:00Z');

// the cart numbers the next batches draw, in order; random ones once this runs out
const drawn = vi.hoisted(() => [] as string[]);
vi.mock(import('./cart-number'), async (importOriginal) => {
  const real = await importOriginal();
  return { newCartNumber: () => drawn.shift() ?? real.newCartNumber() };
});

/**
 * The coalesced hold (decision 0011): requests queued behind a batch in flight go together,
 * places are granted whole request by whole request in arrival order while they fit, and the
 * refused get the single path's errors for the row as the batch left it.
 */
describeEachDatabase('cart: coalesced holds on one session', (ctx) => {
  async function request(scene: ReserveScene, quantity: number): Promise<BatchedHold> {
    const person = await makeIdentity(ctx.db, scene.seller);
    return {
      cart: {
        sellerId: scene.seller.id,
        identityId: person.id,
        channel: 'web',
        campaign: null,
        preloadedPromoCodes: [],
        additionalInfo: null,
        gifteeIdentityId: null,
        autoRenew: null,
        giftMessage: null,
        extensionCount: 0,
        expiresAt: new Date(NOW.getTime() + 15 * 60_000),
        createdAt: NOW,
        updatedAt: NOW,
      },
      tickets: Array.from({ length: quantity }, () => ({
        ticketTypeId: scene.type.id,
        ticketGroupId: scene.group.id,
        eventTemplateId: scene.event.id,
        eventSessionId: scene.session.id,
        state: 'in_cart',
        faceValue: scene.type.amount,
        adjustedValue: scene.type.amount,
        holdsSessionCapacity: true,
        holdsGroupCapacity: false,
      })),
    };
  }

  const codeOf = (outcome: PromiseSettledResult<unknown>) =>
    outcome.status === 'fulfilled'
      ? 'held'
      : (outcome.reason as { code: string; extra?: Record<string, unknown> }).code;

  it('grants in arrival order while places fit and classifies the refused like the single path', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: 4 } });
    const coalescer = createHoldCoalescer(ctx.db);
    const asks = await Promise.all([2, 3, 1, 1, 1].map((n) => request(scene, n)));
    // the first goes alone at once; the other four wait for it and go as ONE batch
    const outcomes = await Promise.allSettled(asks.map((a) => coalescer.hold(scene.session.id, a)));
    // 2 held; then 3 does not fit the 2 left, 1 and 1 do, the last finds nothing
    expect(outcomes.map(codeOf)).toEqual([
      'held',
      'event_session_sold_out',
      'held',
      'held',
      'event_session_sold_out',
    ]);
    const [row] = await ctx.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.id, scene.session.id));
    expect(row!.usedCapacity).toBe(4);
    const held = await ctx.db
      .select()
      .from(ticket)
      .where(eq(ticket.eventSessionId, scene.session.id));
    expect(held).toHaveLength(4);
    // refused requests leave no cart behind
    const carts = await ctx.db.select().from(cart).where(eq(cart.sellerId, scene.seller.id));
    expect(carts).toHaveLength(3);
    const first = outcomes[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof coalescer.hold>>>;
    expect(first.value.held.tickets.map((t) => t.cartId)).toEqual([
      first.value.cart.id,
      first.value.cart.id,
    ]);
  });

  it('answers session_capacity_exceeded with what is left when a request is too big for it', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: 3 } });
    const coalescer = createHoldCoalescer(ctx.db);
    const asks = await Promise.all([1, 5].map((n) => request(scene, n)));
    const outcomes = await Promise.allSettled(asks.map((a) => coalescer.hold(scene.session.id, a)));
    expect(outcomes.map(codeOf)).toEqual(['held', 'session_capacity_exceeded']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({
      extra: { event_session_id: scene.session.id, available: 2, requested: 5 },
    });
  });

  it('refuses everyone on a session flagged sold out, unlimited or not', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: -1, soldOut: true } });
    const coalescer = createHoldCoalescer(ctx.db);
    const outcomes = await Promise.allSettled(
      [await request(scene, 1)].map((a) => coalescer.hold(scene.session.id, a)),
    );
    expect(outcomes.map(codeOf)).toEqual(['event_session_sold_out']);
  });

  it('draws again when a drawn cart number is taken, on the one statement and on the lock', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: 4 } });
    const coalescer = createHoldCoalescer(ctx.db);
    const numbersOf = async () =>
      (await ctx.db.select().from(cart).where(eq(cart.sellerId, scene.seller.id)))
        .map((c) => c.cartNumber)
        .sort();
    drawn.push('TAKEN234');
    await coalescer.hold(scene.session.id, await request(scene, 1));
    // the whole batch fits: the one statement fails on the unique number and is sent again
    drawn.push('TAKEN234');
    const again = await coalescer.hold(scene.session.id, await request(scene, 1));
    expect(again.cart.cartNumber).not.toBe('TAKEN234');
    // 1 goes alone; then [5, 1] does not fit the 1 left: the one statement refuses (two numbers
    // drawn), the lock grants the 1, whose number is taken: rolled back, and it goes again
    const asks = await Promise.all([1, 5, 1].map((n) => request(scene, n)));
    drawn.push('NUMBER01', 'NUMBER02', 'NUMBER03', 'TAKEN234');
    const outcomes = await Promise.allSettled(asks.map((a) => coalescer.hold(scene.session.id, a)));
    expect(outcomes.map(codeOf)).toEqual(['held', 'event_session_sold_out', 'held']);
    expect(drawn).toEqual([]);
    const numbers = await numbersOf();
    expect(numbers).toHaveLength(4);
    expect(new Set(numbers).size).toBe(4);
    expect(numbers).toContain('NUMBER01');
    const [row] = await ctx.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.id, scene.session.id));
    expect(row!.usedCapacity).toBe(4);
  });
});
