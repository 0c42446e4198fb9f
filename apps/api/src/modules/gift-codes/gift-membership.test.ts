import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { codeLookupResponseSchema } from '@admit/contracts/codes';
import { GIFT_TO_SELF_MESSAGE } from '@admit/contracts/gift';
import { outbox } from '@/db/schema/mail';
import { membership, membershipGift } from '@/db/schema/memberships';
import { payment } from '@/db/schema/payments';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, errorOf } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser, type IdentityRow } from '@/testing/identity-factories';
import {
  makeMembershipScene,
  membersBody,
  type MembershipScene,
} from '@/testing/membership-factories';
import {
  cardEntry,
  checkoutCall,
  orderOf,
  PURCHASER,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';
import { giftLevel, redeemBody } from './gift-codes-test-kit';

// 2029-06-01 12:00 in New York (EDT)
const START = new Date('2029-06-01T16:00:00Z');
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };

// spec: identity §2 "Redeem gift of membership", §4 Gift code, §5 gift code and self-gift, §7
// guest_checkout giver_identity_id, §9 "3 redeem levels"; issue #14; decision 0038
describeEachDatabase('gift codes: a gift of membership, its code and its redemption', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  let scene: MembershipScene;
  let giver: IdentityRow;
  let giverToken: string;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    scene = await makeMembershipScene(ctx.db);
    giver = await makeUser(ctx.db, scene.seller, { email: 'giver@example.test' });
    giverToken = await token(giver);
  });
  afterEach(() => {
    clock = START;
  });
  afterAll(async () => {
    await app.close();
  });

  async function token(person: { id: string; sellerId: string }) {
    return (await app.sessions.createSession(person.id, person.sellerId)).token;
  }
  const newGiftee = () =>
    makeUser(ctx.db, scene.seller, {
      email: `lucky-${Math.random().toString(36).slice(2, 8)}@example.test`,
      firstName: 'Lucky',
      lastName: 'One',
    });
  const lookup = async (text: string) => {
    const res = await cartCall(app, scene.seller, {
      method: 'GET',
      path: `code/${text}`,
      query: 'mode=advertise,code',
    });
    expect(res.statusCode).toBe(200);
    return codeLookupResponseSchema.parse(res.json()).code._data[0]!;
  };
  const termsOf = (identityId: string) =>
    ctx.db.select().from(membership).where(eq(membership.identityId, identityId));

  it('a gift of Family: no membership, a 10-character code for a year, mailed to the giftee with the message', async () => {
    const giftee = await newGiftee();
    const { order, code } = await giftLevel(app, ctx.db, scene, {
      giverToken,
      giftee,
      level: 'family',
      message: 'Happy birthday, Lucky!\nSee you at the museum.',
    });
    expect(await termsOf(giver.id)).toEqual([]);
    expect(await termsOf(giftee.id)).toEqual([]);
    expect(code.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(code).toMatchObject({
      kind: 'gift_of_membership',
      name: 'Gift of Family membership',
      maxUses: 1,
      usedCount: 0,
      discountType: 'fixed',
      discountValue: 18000,
      resource: 'ticket_group',
      resourceId: scene.group.id,
      validFrom: START,
      // a year, to the start of the day in the seller's zone
      validTo: new Date('2030-06-01T04:00:00Z'),
    });
    const [gift] = await ctx.db
      .select()
      .from(membershipGift)
      .where(eq(membershipGift.codeId, code.id));
    expect(gift).toMatchObject({
      ticketOrderId: order.id,
      giverIdentityId: giver.id,
      gifteeIdentityId: giftee.id,
      roleId: scene.roles.family,
      message: 'Happy birthday, Lucky!\nSee you at the museum.',
    });
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, giftee.email!));
    expect(mails.map((m) => m.kind)).toEqual(['gift_membership']);
    expect(mails[0]!.subject).toBe(`Ada Lovelace has given you a ${scene.seller.name} membership`);
    const text = mails[0]!.textBody;
    expect(text).toContain('Hello Lucky,');
    expect(text).toContain('Happy birthday, Lucky!');
    expect(text).toContain(`Your gift code is ${code.code}.`);
    expect(text).toContain(`/${scene.seller.slug}/membership/redeem?gift_code=${code.code}`);
    expect(text).toContain('The code can be redeemed once, until Fri, May 31, 2030.');
    expect(mails[0]!.htmlBody).not.toContain('<script');

    // GET code/{code}: valid, with what it takes off each level (the redeem page's order)
    expect(await lookup(code.code.toLowerCase())).toMatchObject({
      code: code.code,
      kind: 'gift_of_membership',
      state: 'valid',
      exhausted: false,
      valid_to: '2030-06-01T04:00:00.000Z',
      discounts: [
        { ticket_type_id: scene.individual.id, amount: '75.00' },
        { ticket_type_id: scene.family.id, amount: '180.00' },
      ],
    });
  });

  it('the giftee redeems it for a level: paid by the gift, the membership records the code, the code is spent', async () => {
    const giftee = await newGiftee();
    const { code } = await giftLevel(app, ctx.db, scene, { giverToken, giftee, level: 'family' });
    const t = await token(giftee);
    const redeemed = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: redeemBody(scene, code.code, 'individual', giftee.email!),
        token: t,
      }),
    );
    expect(redeemed.cart_fees._data[0]!.total_outstanding).toBe('0.00');
    expect(redeemed.cartmod._data.map((m) => m.discount)).toEqual(['75.00']);
    const cartId = redeemed.cart._data[0]!.id;
    const order = orderOf(
      await checkoutCall(app, scene, { path: `my/cart/${cartId}/checkout`, body: FREE, token: t }),
    ).ticket_order._data[0]!;
    const [term, ...others] = await termsOf(giftee.id);
    expect(others).toEqual([]);
    expect(term).toMatchObject({
      role: 'Individual',
      giftCodeId: code.id,
      ticketOrderId: order.id,
      validFrom: new Date('2029-06-01T04:00:00Z'),
    });
    expect(await ctx.db.select().from(payment).where(eq(payment.cartId, cartId))).toEqual([]);
    expect(await lookup(code.code)).toMatchObject({ state: 'exhausted', exhausted: true });
    // a second redemption, anyone's
    const again = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: redeemBody(scene, code.code, 'individual', 'someone@example.test'),
    });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)).toMatchObject({ _code: 'code_exhausted', _context: 'apply_code' });
  });

  it('a smaller gift pays part of a bigger level; a guest may redeem too', async () => {
    const giftee = await newGiftee();
    const { code } = await giftLevel(app, ctx.db, scene, {
      giverToken,
      giftee,
      level: 'individual',
    });
    expect((await lookup(code.code)).discounts).toEqual([
      { ticket_type_id: scene.individual.id, amount: '75.00' },
      { ticket_type_id: scene.family.id, amount: '75.00' },
    ]);
    const cart = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: redeemBody(scene, code.code, 'family', giftee.email!),
      }),
    );
    expect(cart.cart_fees._data[0]!.total_outstanding).toBe('105.00');
    const res = await checkoutCall(app, scene, {
      path: `cart/${cart.cart._data[0]!.id}/guest_checkout`,
      body: {
        ...cardEntry('105.00', await tokenize(app, '4242424242424242')),
        purchaser: { ...PURCHASER, email: giftee.email!, email_confirm: giftee.email! },
      },
    });
    expect(res.statusCode).toBe(201);
    expect((await termsOf(giftee.id)).map((t) => [t.role, t.giftCodeId])).toEqual([
      ['Family', code.id],
    ]);
  });

  it('the giver cannot redeem their own gift (identity §5); the code stays valid', async () => {
    const giftee = await newGiftee();
    const { code } = await giftLevel(app, ctx.db, scene, {
      giverToken,
      giftee,
      level: 'individual',
    });
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: redeemBody(scene, code.code, 'individual', giver.email!),
      token: giverToken,
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: 'validation_failed',
      _context: 'giftee',
      _description: GIFT_TO_SELF_MESSAGE,
    });
    expect(await lookup(code.code)).toMatchObject({ state: 'valid', exhausted: false });
  });

  it('an expired code: reported expired by the lookup, refused as unknown when applied', async () => {
    const giftee = await newGiftee();
    const { code } = await giftLevel(app, ctx.db, scene, {
      giverToken,
      giftee,
      level: 'individual',
    });
    clock = new Date('2030-06-01T04:00:00Z');
    expect(await lookup(code.code)).toMatchObject({ state: 'expired', exhausted: false });
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: redeemBody(scene, code.code, 'individual', giftee.email!),
    });
    // refused as an unknown code would be (decision 0046); the lookup above says why
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({ _code: 'code_not_found', _extra: { code: code.code } });
  });

  it('a member outside their renewal period gifts a level when the reserve names the giftee', async () => {
    const member = await makeUser(ctx.db, scene.seller);
    await makeMembership(ctx.db, member, START, { membershipProgramId: scene.programId });
    const t = await token(member);
    const giftee = await newGiftee();
    const body = membersBody(scene.individual, [{ name: 'Lucky One', email: giftee.email! }]);
    const own = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body,
      token: t,
    });
    expect(errorOf(own)).toMatchObject({ _code: 'validation_failed', _context: 'membership' });
    const self = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: { ...body, giftee_identity_id: member.id },
      token: t,
    });
    expect(errorOf(self)._description).toBe(GIFT_TO_SELF_MESSAGE);
    const gift = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: { ...body, giftee_identity_id: giftee.id },
        token: t,
      }),
    );
    expect(gift.giftee?._data.map((g) => g.id)).toEqual([giftee.id]);
    const res = await checkoutCall(app, scene, {
      path: `my/cart/${gift.cart._data[0]!.id}/gift_checkout`,
      body: {
        ...cardEntry('75.00', await tokenize(app, '4242424242424242')),
        giftee_identity_id: giftee.id,
      },
      token: t,
    });
    expect(res.statusCode).toBe(201);
    expect(await termsOf(giftee.id)).toEqual([]);
    expect((await termsOf(member.id)).length).toBe(1);
  });

  it('a guest’s gift to their own e-mail is refused at checkout with the spec’s text, before any charge', async () => {
    const giftee = await newGiftee();
    const cartId = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: membersBody(scene.individual, [{ name: 'Lucky One', email: giftee.email! }]),
      }),
    ).cart._data[0]!.id;
    bundleOf(
      await cartCall(app, scene.seller, {
        method: 'PATCH',
        path: `cart/${cartId}`,
        body: { giftee_identity_id: giftee.id },
      }),
    );
    const res = await checkoutCall(app, scene, {
      path: `cart/${cartId}/guest_checkout`,
      body: {
        ...cardEntry('75.00', await tokenize(app, '4242424242424242')),
        purchaser: {
          ...PURCHASER,
          email: giftee.email!.toUpperCase(),
          email_confirm: giftee.email!,
        },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: 'validation_failed',
      _description: GIFT_TO_SELF_MESSAGE,
    });
    expect(await ctx.db.select().from(payment).where(eq(payment.cartId, cartId))).toEqual([]);
  });

  it('my/cart/{id}/guest_checkout with giver_identity_id: the caller’s gift to the guest (else refused)', async () => {
    const giftee = await newGiftee();
    const reserve = async () =>
      bundleOf(
        await cartCall(app, scene.seller, {
          method: 'POST',
          path: 'my/cart/modify',
          body: membersBody(scene.individual, [{ name: 'Lucky One', email: giftee.email! }]),
          token: giverToken,
        }),
      ).cart._data[0]!.id;
    const pay = async (cartId: string, giverId: string) =>
      checkoutCall(app, scene, {
        path: `my/cart/${cartId}/guest_checkout`,
        body: {
          ...cardEntry('75.00', await tokenize(app, '4242424242424242')),
          guest_identity_id: giftee.id,
          giver_identity_id: giverId,
        },
        token: giverToken,
      });
    const someoneElse = await makeUser(ctx.db, scene.seller);
    const refused = await pay(await reserve(), someoneElse.id);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)._extra).toMatchObject({ field: 'giver_identity_id' });
    const order = orderOf(await pay(await reserve(), giver.id)).ticket_order._data[0]!;
    expect(order).toMatchObject({ identity_id: giver.id, giftee_identity_id: giftee.id });
    expect(await termsOf(giftee.id)).toEqual([]);
    const [gift] = await ctx.db
      .select()
      .from(membershipGift)
      .where(eq(membershipGift.ticketOrderId, order.id));
    expect(gift).toMatchObject({ giverIdentityId: giver.id, gifteeIdentityId: giftee.id });
  });
});
