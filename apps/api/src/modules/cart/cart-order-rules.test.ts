import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMeta, makeSession, makeTicketType } from '@/testing/factories';

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('cart: order rules before taking capacity', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const usedOf = async (sessionId: string) =>
    (await ctx.db.select().from(eventSession).where(eq(eventSession.id, sessionId)))[0]!
      .usedCapacity;

  it('enforces max and min tickets per order, counting what the cart already holds', async () => {
    const scene = await makeReserveScene(ctx.db, {
      group: { minTicketsPerOrder: 2, maxTicketsPerOrder: 4 },
    });
    const below = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 1),
    });
    expect(below.statusCode).toBe(422);
    expect(errorOf(below)).toMatchObject({
      _code: 'min_tickets_per_order_not_met',
      _context: 'reserve',
      _extra: { min: 2 },
    });
    const cart = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 3),
      }),
    ).cart._data[0]!;
    // 3 held + 1 more is 4 (allowed); + 2 more would be 5
    const over = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `my/cart/${cart.id}/modify`,
      body: addBody(scene, 2),
    });
    expect(errorOf(over)).toMatchObject({
      _code: 'max_tickets_per_order_exceeded',
      _context: 'reserve',
      _extra: { max: 4, requested: 5 },
    });
    const ok = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `my/cart/${cart.id}/modify`,
      body: addBody(scene, 1),
    });
    expect(bundleOf(ok).ticket._count).toBe(4);
    expect(await usedOf(scene.session.id)).toBe(4);
  });

  it('caps one ticket type at 1000 per order', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: -1 } });
    const cart = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 1000),
      }),
    ).cart._data[0]!;
    const over = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `cart/${cart.id}/modify`,
      body: addBody(scene, 1),
    });
    expect(errorOf(over)).toMatchObject({
      _code: 'max_tickets_per_order_exceeded',
      _extra: { max: 1000, requested: 1001 },
    });
    const tooMany = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 1001),
    });
    expect(errorOf(tooMany)).toMatchObject({ _code: 'validation_failed' });
  });

  it('refuses types outside their sales window, unavailable types and past sessions', async () => {
    const early = await makeReserveScene(ctx.db, {
      group: { salesStart: new Date('2029-06-02T00:00:00Z') },
    });
    const ended = await makeReserveScene(ctx.db, { group: { salesEnd: NOW } });
    const off = await makeReserveScene(ctx.db, { type: { available: false } });
    const past = await makeReserveScene(ctx.db, {
      session: { startDatetime: new Date('2029-06-01T11:00:00Z') },
    });
    for (const [scene, field] of [
      [early, 'ticket_type_id'],
      [ended, 'ticket_type_id'],
      [off, 'ticket_type_id'],
      [past, 'event_session_id'],
    ] as const) {
      const res = await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene),
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        _code: 'validation_failed',
        _context: 'reserve',
        _extra: { field },
      });
      expect(await usedOf(scene.session.id)).toBe(0);
    }
  });

  it("answers not_found for another seller's type, a session of another event and members-only groups", async () => {
    const scene = await makeReserveScene(ctx.db);
    const other = await makeReserveScene(ctx.db);
    const members = await makeReserveScene(ctx.db, { group: { hiddenType: 'public_member_only' } });
    const foreignType = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody({ ...scene, type: other.type }),
    });
    expect(errorOf(foreignType)).toMatchObject({ _code: 'not_found', _context: 'reserve' });
    const otherSession = await makeSession(ctx.db, other.event, { sellerId: scene.seller.id });
    const wrongSession = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody({ ...scene, session: otherSession }),
    });
    expect(errorOf(wrongSession)._code).toBe('not_found');
    const membersOnly = await cartCall(app, members.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(members),
    });
    expect(errorOf(membersOnly)._code).toBe('not_found');
  });

  it('requires a session unless the type is any-date, and dates any-date tickets with validFromTo', async () => {
    const scene = await makeReserveScene(ctx.db);
    const noSession = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: { reserve: { tickets: [{ ticket_type_id: scene.type.id }] } },
    });
    expect(errorOf(noSession)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'event_session_id' },
    });
    const flexible = await makeReserveScene(ctx.db, {
      group: {
        startPolicy: 'fixedfrom',
        startPolicyDate: new Date('2029-06-01T04:00:00Z'),
        durationNew: 'P1D',
      },
    });
    const res = await cartCall(app, flexible.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: { reserve: { tickets: [{ ticket_type_id: flexible.type.id }] } },
    });
    expect(bundleOf(res).ticket._data[0]).toMatchObject({
      event_session_id: null,
      valid_from: '2029-06-01T04:00:00.000Z',
      valid_to: '2029-06-02T04:00:00.000Z',
    });
    expect(await usedOf(flexible.session.id)).toBe(0);
  });

  it('accepts a flexible price within min/max only, and only for flexible types', async () => {
    const scene = await makeReserveScene(ctx.db, {
      type: { amount: 1000, amountMin: 500, amountMax: 10000 },
    });
    const reserve = (face_value: string, type = scene.type.id) =>
      cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: {
          reserve: {
            tickets: [{ ticket_type_id: type, event_session_id: scene.session.id, face_value }],
          },
        },
      });
    expect(bundleOf(await reserve('42.50')).ticket._data[0]!.face_value).toBe('42.50');
    const low = await reserve('4.99');
    expect(errorOf(low)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'face_value' },
    });
    expect(errorOf(low)._description).toContain('Value entered is outside min/max');
    expect(errorOf(await reserve('100.01'))._code).toBe('validation_failed');
    const fixed = await makeTicketType(ctx.db, scene.group, { amount: 1500 });
    expect(errorOf(await reserve('20.00', fixed.id))).toMatchObject({
      _extra: { field: 'face_value' },
    });
  });

  it('requires admit names and e-mails when the group says so and validates survey answers', async () => {
    const scene = await makeReserveScene(ctx.db);
    await makeMeta(ctx.db, scene.group, 'ticket_group', 'admit_names', 'required');
    await makeMeta(ctx.db, scene.event, 'event_template', 'admit_emails', 'required');
    await makeMeta(ctx.db, scene.group, 'ticket_group', 'additional_info_spec', {
      properties: {
        age: { type: 'integer', minimum: 0, maximum: 120, title: 'Age' },
        diet: { type: 'string', enum: ['none', 'vegan'] },
        visit: { type: 'string', format: 'date' },
      },
      required: ['age'],
    });
    const reserve = (ticket: Record<string, unknown>) =>
      cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: {
          reserve: {
            tickets: [
              { ticket_type_id: scene.type.id, event_session_id: scene.session.id, ...ticket },
            ],
          },
        },
      });
    const good = {
      admit_name: 'Ada Lovelace',
      admit_email: 'ada@example.test',
      additional_info: { age: 36 },
    };
    const field = async (ticket: Record<string, unknown>) => {
      const res = await reserve(ticket);
      expect(res.statusCode).toBe(400);
      return errorOf(res)._extra?.field;
    };
    expect(await field({ ...good, admit_name: '  ' })).toBe('admit_name');
    expect(await field({ ...good, admit_email: undefined })).toBe('admit_email');
    expect(await field({ ...good, additional_info: {} })).toBe('additional_info.age');
    expect(await field({ ...good, additional_info: { age: 121 } })).toBe('additional_info.age');
    expect(await field({ ...good, additional_info: { age: 3.5 } })).toBe('additional_info.age');
    expect(await field({ ...good, additional_info: { age: 3, diet: 'meat' } })).toBe(
      'additional_info.diet',
    );
    expect(await field({ ...good, additional_info: { age: 3, visit: '2029-13-01' } })).toBe(
      'additional_info.visit',
    );
    expect(await field({ ...good, additional_info: { age: 3, shoe: 42 } })).toBe(
      'additional_info.shoe',
    );
    // add lines carry no names: refused for a group that requires them
    expect(
      errorOf(
        await cartCall(app, scene.seller, {
          method: 'POST',
          path: 'my/cart/modify',
          body: addBody(scene),
        }),
      )._extra?.field,
    ).toBe('admit_name');
    const ok = bundleOf(
      await reserve({ ...good, additional_info: { age: 36, diet: 'vegan', visit: '2029-06-03' } }),
    );
    expect(ok.ticket._data[0]).toMatchObject({
      admit_name: 'Ada Lovelace',
      admit_email: 'ada@example.test',
      additional_info: { age: 36, diet: 'vegan' },
    });
    expect(ok.meta._data.map((m) => m.key).sort()).toEqual([
      'additional_info_spec',
      'admit_emails',
      'admit_names',
    ]);
    expect(await usedOf(scene.session.id)).toBe(1);
  });

  it('totals fixed and percent outside fees per ticket, rounding half-up', async () => {
    const scene = await makeReserveScene(ctx.db, {
      type: {
        amount: 1999,
        outsideFees: [
          { name: 'fee_fixed_outside', fee: 150 },
          { name: 'fee_percent_outside', fee: 8875 },
        ],
      },
    });
    const bundle = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 3),
      }),
    );
    // 19.99 × 8.875 % = 1.7741… → 1.77 per ticket
    expect(bundle.cart_fees._data[0]).toEqual({
      cart_id: bundle.cart._data[0]!.id,
      currency_code: 'USD',
      total_before_cartmod_price: '59.97',
      total_fee_fixed_outside: '4.50',
      total_fee_percent_outside: '5.31',
      total_cartmod_amount: '0.00',
      total_payments: '0.00',
      total_outstanding: '69.78',
      grand_totals: { total_outstanding: '69.78' },
      // no payment plan: everything is due now (docs/decisions/0020)
      total_due: '69.78',
    });
  });

  it('validates the body naming the field, and needs the tix-app header', async () => {
    const scene = await makeReserveScene(ctx.db);
    const bad = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: {
        add: [
          {
            event_session_id: scene.session.id,
            ticket_types_required: [{ ticket_type_id: scene.type.id, quantity: 0 }],
          },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'add.0.ticket_types_required.0.quantity' },
    });
    const noHeader = await app.inject({
      method: 'POST',
      url: `/api/my/cart/modify?_seller=${scene.seller.slug}`,
      payload: addBody(scene),
    });
    expect(errorOf(noHeader)._code).toBe('missing_app_header');
    expect(await usedOf(scene.session.id)).toBe(0);
  });
});
