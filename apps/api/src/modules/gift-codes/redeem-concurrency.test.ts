import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartCode, code } from '@/db/schema/codes';
import type { CodeRow } from '@/modules/codes/repo';
import { membership } from '@/db/schema/memberships';
import type { Db } from '@/db/connection';
import { settleCodes } from '@/modules/codes/apply';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall } from '@/testing/cart-fixtures';
import { makeUser } from '@/testing/identity-factories';
import {
  makeMembershipScene,
  membersBody,
  type MembershipScene,
} from '@/testing/membership-factories';
import { openPostgresTestDatabase, type TestDatabase } from '@/testing/test-database';
import { checkoutCall, PURCHASER } from '@/modules/checkout/checkout-test-kit';
import { giftLevel, redeemBody } from './gift-codes-test-kit';

/**
 * A gift code is redeemed exactly once (issue #14 "Tests that must exist"; decision 0038): 20
 * guests redeeming one code at once — each a cart modify with the code, then a free checkout —
 * make exactly one membership. The CONTROL runs the same race with a naive read-then-write use
 * of the code and is caught making several. Needs PostgreSQL (PGlite serializes every query).
 */

const URL_ = process.env.TEST_DATABASE_URL;
const START = new Date('2029-06-01T16:00:00Z');
const RACERS = 20;
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };

/**
 * CONTROL ONLY, never used by the server: the classic broken redemption. It reads the code's
 * uses, decides in JavaScript, then writes back what it read plus one, and settles the cart's
 * prices like the real apply does.
 */
async function naiveRedeem(db: Db, gift: CodeRow, cartId: string): Promise<boolean> {
  const [row] = await db.select().from(code).where(eq(code.id, gift.id));
  if (row!.maxUses !== null && row!.usedCount >= row!.maxUses) return false;
  await new Promise((resolve) => setTimeout(resolve, 5)); // the time any real request spends here
  await db
    .update(code)
    .set({ usedCount: row!.usedCount + 1 })
    .where(eq(code.id, gift.id));
  await db.transaction(async (tx) => {
    await tx.insert(cartCode).values({ cartId, codeId: gift.id });
    await settleCodes(tx, { sellerId: gift.sellerId, cartId }, []);
  });
  return true;
}

describe.skipIf(!URL_)('gift codes: 20 redemptions of one code at once [postgres]', () => {
  let handle: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    handle = await openPostgresTestDatabase(URL_!, 24);
    app = await buildTestApp(handle.database, { now: START, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  async function giftCode(scene: MembershipScene) {
    const db = handle.database.db;
    const giver = await makeUser(db, scene.seller);
    const giftee = await makeUser(db, scene.seller);
    const giverToken = (await app.sessions.createSession(giver.id, scene.seller.id)).token;
    return (await giftLevel(app, db, scene, { giverToken, giftee, level: 'individual' })).code;
  }

  /** A guest's free checkout of the cart: a membership for `email` if the gift paid for it. */
  const checkoutFree = (scene: MembershipScene, cartId: string, email: string) =>
    checkoutCall(app, scene, {
      path: `cart/${cartId}/guest_checkout`,
      body: { ...FREE, purchaser: { ...PURCHASER, email, email_confirm: email } },
    });

  const giftMemberships = (gift: CodeRow) =>
    handle.database.db
      .select()
      .from(membership)
      .where(and(isNotNull(membership.giftCodeId), eq(membership.giftCodeId, gift.id)));

  it(`makes one membership of ${RACERS} simultaneous redemptions`, async () => {
    const scene = await makeMembershipScene(handle.database.db);
    const gift = await giftCode(scene);
    const outcomes = await Promise.all(
      Array.from({ length: RACERS }, async (_, i) => {
        const email = `racer-${i}@example.test`;
        // each racer from an address of their own, as real visitors (decision 0046 limits one)
        const res = await cartCall(app, scene.seller, {
          method: 'POST',
          path: 'my/cart/modify',
          body: redeemBody(scene, gift.code, 'individual', email),
          ip: `198.51.100.${i + 1}`,
        });
        if (res.statusCode !== 201) return { redeemed: false, code: res.json()._data[0]._code };
        const cartId = bundleOf(res).cart._data[0]!.id;
        const paid = await checkoutFree(scene, cartId, email);
        return { redeemed: paid.statusCode === 201, code: null };
      }),
    );
    expect(outcomes.filter((o) => o.redeemed)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.redeemed).every((o) => o.code === 'code_exhausted')).toBe(
      true,
    );
    expect(await giftMemberships(gift)).toHaveLength(1);
    const [row] = await handle.database.db.select().from(code).where(eq(code.id, gift.id));
    expect(row!.usedCount).toBe(1);
  });

  it('CONTROL: the same race with a naive read-then-write use is caught redeeming several times', async () => {
    const scene = await makeMembershipScene(handle.database.db);
    const gift = await giftCode(scene);
    const redeemed = await Promise.all(
      Array.from({ length: RACERS }, async (_, i) => {
        const email = `naive-${i}@example.test`;
        const cartId = bundleOf(
          await cartCall(app, scene.seller, {
            method: 'POST',
            path: 'my/cart/modify',
            body: membersBody(scene.individual, [{ name: 'Lucky One', email }]),
          }),
        ).cart._data[0]!.id;
        if (!(await naiveRedeem(handle.database.db, gift, cartId))) return false;
        return (await checkoutFree(scene, cartId, email)).statusCode === 201;
      }),
    );
    expect(redeemed.filter(Boolean).length).toBeGreaterThan(1);
    expect((await giftMemberships(gift)).length).toBeGreaterThan(1);
  });
});

describe.skipIf(!!URL_)('gift codes: 20 redemptions of one code at once [postgres]', () => {
  it.skip('needs TEST_DATABASE_URL (PostgreSQL); PGlite serializes every query, so it cannot race', () => {});
});
