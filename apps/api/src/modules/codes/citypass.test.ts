import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartCode } from '@/db/schema/codes';
import { buildTestApp } from '@/testing/build-test-app';
import {
  bundleOf,
  cartCall,
  errorOf,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketType, type TicketTypeRow } from '@/testing/factories';

/** CityPASS vouchers (shopping §5 "CityPASS codes"; identity §3 citypass_code_groups, §5). */

const NOW = new Date('2029-06-01T12:00:00Z');
const CITYPASS = {
  citypass_code_groups: {
    citypass: {
      adult_regexp: '\\d{8}',
      child_regexp: 'C\\d{7}',
      child_ticket_type_keywords: ['kid', 'youth'],
    },
  },
};

describeEachDatabase('codes: CityPASS vouchers', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let kid: TicketTypeRow;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
    scene = await makeReserveScene(ctx.db, { sellerConfig: CITYPASS, type: { name: 'Adult' } });
    kid = await makeTicketType(ctx.db, scene.group, { name: 'Kid (4–12)', amount: 1500 });
    await makeCode(ctx.db, scene.seller, {
      code: 'CITYPASS',
      codeGroup: 'citypass',
      name: 'CityPASS',
      discountValue: 100_000,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  async function adultAndKid() {
    const bundle = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: {
          add: [
            {
              event_session_id: scene.session.id,
              ticket_types_required: [
                { ticket_type_id: scene.type.id, quantity: 1 },
                { ticket_type_id: kid.id, quantity: 1 },
              ],
            },
          ],
        },
      }),
    );
    const byType = (id: string) => bundle.ticket._data.find((t) => t.ticket_type_id === id)!.id;
    return {
      cartId: bundle.cart._data[0]!.id,
      adult: byType(scene.type.id),
      child: byType(kid.id),
      first: bundle.ticket._data[0]!.id,
    };
  }
  const apply = (cartId: string, vouchers?: { ticket_id: string; voucher: string }[]) =>
    cartCall(app, scene.seller, {
      method: 'POST',
      path: `cart/${cartId}/apply_code`,
      body: { code: 'citypass', ...(vouchers ? { vouchers } : {}) },
    });

  it('needs one voucher per ticket, matching the adult or child pattern by type name', async () => {
    const { cartId, adult, child, first } = await adultAndKid();
    const none = await apply(cartId);
    expect(none.statusCode).toBe(422);
    // the first ticket (bundle order) without a voucher is named
    expect(errorOf(none)).toMatchObject({
      _code: 'invalid_citypass',
      _extra: { ticket_id: first },
    });
    // an adult voucher on the kid's ticket does not match the child pattern
    const wrong = await apply(cartId, [
      { ticket_id: adult, voucher: '1234 5678' },
      { ticket_id: child, voucher: '87654321' },
    ]);
    expect(errorOf(wrong)).toMatchObject({
      _code: 'invalid_citypass',
      _description: 'Does not match the expected format. Please check your CityPASS code.',
      _extra: { ticket_id: child },
    });
    // cleaned: spaces and dashes go
    const ok = await apply(cartId, [
      { ticket_id: adult, voucher: ' 1234-5678 ' },
      { ticket_id: child, voucher: 'C 765-4321' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(bundleOf(ok).cart_fees._data[0]).toMatchObject({
      total_cartmod_amount: '40.00',
      total_outstanding: '0.00',
    });
    const [stored] = await ctx.db.select().from(cartCode).where(eq(cartCode.cartId, cartId));
    // in ticket order (created_at, id): which ticket comes first is random here
    expect(stored!.voucher!.split(',').sort()).toEqual(['12345678', 'C7654321']);
  });

  it('answers citypass_failure for a voucher given twice or already used by another cart', async () => {
    const first = await adultAndKid();
    const twice = await apply(first.cartId, [
      { ticket_id: first.adult, voucher: '11112222' },
      { ticket_id: first.child, voucher: 'C1111222' },
    ]);
    expect(twice.statusCode).toBe(200);
    const second = await adultAndKid();
    const reused = await apply(second.cartId, [
      { ticket_id: second.adult, voucher: '1111-2222' },
      { ticket_id: second.child, voucher: 'C9999999' },
    ]);
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused)).toMatchObject({
      _code: 'citypass_failure',
      _extra: { voucher: '11112222' },
    });
    // two adult tickets with one voucher between them
    const pair = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: {
          add: [
            {
              event_session_id: scene.session.id,
              ticket_types_required: [{ ticket_type_id: scene.type.id, quantity: 2 }],
            },
          ],
        },
      }),
    );
    const [a, b] = pair.ticket._data.map((t) => t.id);
    const dup = await apply(pair.cart._data[0]!.id, [
      { ticket_id: a!, voucher: '55556666' },
      { ticket_id: b!, voucher: '5555-6666' },
    ]);
    expect(dup.statusCode).toBe(422);
    expect(errorOf(dup)).toMatchObject({
      _code: 'citypass_failure',
      _extra: { voucher: '55556666' },
    });
  });
});
