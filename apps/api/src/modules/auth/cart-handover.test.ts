import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginResponseSchema, otpRequestResponseSchema } from '@admit/contracts/identity';
import { cart } from '@/db/schema/cart';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import { authCall, mailsOf } from './auth-test-kit';

const START = new Date('2029-06-01T12:00:00Z');
const PASSWORD = 'Correct-Horse-9';

describeEachDatabase('auth: cart hand-over at login', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });

  const scene = (method = 'password') =>
    makeReserveScene(ctx.db, { sellerConfig: { authentication_method: method } });
  const guestCart = async (s: ReserveScene, token?: string) =>
    bundleOf(
      await cartCall(app, s.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(s, 1),
        token,
      }),
    ).cart._data[0]!;
  const ownerOf = async (cartId: string) =>
    (await ctx.db.select().from(cart).where(eq(cart.id, cartId)))[0]!.identityId;
  const login = (s: ReserveScene, email: string | null, cartId: string) =>
    authCall(app, s.seller, {
      path: 'login',
      body: { username: email, password: PASSWORD, cart_id: cartId },
    });

  it('moves the guest pending cart to the member and answers it', async () => {
    clock = START;
    const s = await scene();
    const person = await makeUser(ctx.db, s.seller, { password: PASSWORD });
    const guest = await guestCart(s);
    expect(guest.ownedByPublicIdentity).toBe(true);
    const res = await login(s, person.email, guest.id);
    expect(res.statusCode).toBe(200);
    expect(loginResponseSchema.parse(res.json()).cart?._data).toEqual([
      { id: guest.id, state: 'pending' },
    ]);
    expect(await ownerOf(guest.id)).toBe(person.id);
  });

  it("never moves another member's cart", async () => {
    clock = START;
    const s = await scene();
    const owner = await makeUser(ctx.db, s.seller);
    const person = await makeUser(ctx.db, s.seller, { password: PASSWORD });
    const { token } = await app.sessions.createSession(owner.id, s.seller.id);
    const theirs = await guestCart(s, token);
    expect(theirs.ownedByPublicIdentity).toBe(false);
    const res = await login(s, person.email, theirs.id);
    expect(res.statusCode).toBe(200);
    expect(loginResponseSchema.parse(res.json()).cart).toBeUndefined();
    expect(await ownerOf(theirs.id)).toBe(owner.id);
  });

  it('does not move an expired cart', async () => {
    clock = START;
    const s = await scene();
    const person = await makeUser(ctx.db, s.seller, { password: PASSWORD });
    const guest = await guestCart(s);
    clock = new Date(START.getTime() + 60 * 60_000);
    const res = await login(s, person.email, guest.id);
    expect(res.statusCode).toBe(200);
    expect(loginResponseSchema.parse(res.json()).cart).toBeUndefined();
    expect(await ownerOf(guest.id)).not.toBe(person.id);
  });

  it('does not move a cart on a failed login', async () => {
    clock = START;
    const s = await scene();
    const person = await makeUser(ctx.db, s.seller, { password: PASSWORD });
    const guest = await guestCart(s);
    const res = await authCall(app, s.seller, {
      path: 'login',
      body: { username: person.email, password: 'Wrong-Horse-9', cart_id: guest.id },
    });
    expect(res.statusCode).toBe(401);
    expect(await ownerOf(guest.id)).not.toBe(person.id);
  });

  it('hands the cart over at passcode login too', async () => {
    clock = START;
    const s = await scene('otp');
    const person = await makeUser(ctx.db, s.seller, { email: 'cart-otp@example.org' });
    const guest = await guestCart(s);
    const requested = await authCall(app, s.seller, {
      path: 'login/request_otp',
      body: { email: 'cart-otp@example.org', state: s.seller.slug },
    });
    const { token } = otpRequestResponseSchema.parse(requested.json()).otp._data[0]!;
    const [mail] = await mailsOf(ctx.db, s.seller.id, 'otp');
    const code = /is (\d{6})\./.exec(mail!.textBody)![1]!;
    const res = await authCall(app, s.seller, {
      path: 'login/otp',
      body: { token, otp: code, cart_id: guest.id },
    });
    expect(res.statusCode).toBe(200);
    expect(loginResponseSchema.parse(res.json()).cart?._data[0]?.id).toBe(guest.id);
    expect(await ownerOf(guest.id)).toBe(person.id);
  });
});
