import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PKPASS_CONTENT_TYPE, walletPrecheckResponseSchema } from '@admit/contracts/wallet';
import { seller } from '@/db/schema/identity';
import { membershipIdentityLink } from '@/db/schema/memberships';
import { buyOrder, manageCall, type BoughtOrder } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser } from '@/testing/identity-factories';
import { appleWalletSettings, makeAppleSigner, unzipStored } from '@/testing/wallet-credentials';

const NOW = new Date('2029-06-01T12:00:00Z');
const MEMBER_CODE = 'M-WALLET-1';

// spec: identity §2 "My membership details … add-to-wallet links", §7 ticket/{id}/pkpass;
// decision 0040: a member ticket's pass carries the member ID and is its holder's too
describeEachDatabase('wallet: passes of member tickets', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let order: BoughtOrder;
  let holderToken: string;
  let strangerToken: string;
  const signer = makeAppleSigner();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    await ctx.db
      .update(seller)
      .set({
        config: {
          private: {
            wallet: {
              apple: appleWalletSettings(signer),
            },
          },
        },
      })
      .where(eq(seller.id, scene.seller.id));
    // a guest bought two tickets; the first is the member ticket of someone else's term (a gift)
    order = await buyOrder(app, scene, 2);
    const holder = await makeUser(ctx.db, scene.seller);
    const stranger = await makeUser(ctx.db, scene.seller);
    const term = await makeMembership(ctx.db, holder, NOW, {
      memberCode: MEMBER_CODE,
      ticketOrderId: order.orderId,
    });
    await ctx.db.insert(membershipIdentityLink).values({
      membershipId: term.id,
      identityId: holder.id,
      ticketId: order.ticketIds[0]!,
      partyRole: 'primary',
    });
    holderToken = (await app.sessions.createSession(holder.id, holder.sellerId)).token;
    strangerToken = (await app.sessions.createSession(stranger.id, stranger.sellerId)).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (path: string, who: { token?: string; secret?: string }) =>
    manageCall(app, scene, { method: 'GET', path, key: null, ...who });
  const barcodeOf = (body: Buffer) =>
    JSON.parse(unzipStored(body).get('pass.json')!.toString('utf8')).barcodes[0].message;

  it('gives the term’s holder the pass of their member ticket, with the member ID as its QR', async () => {
    const memberTicket = order.ticketIds[0]!;
    const precheck = await get(`ticket/${memberTicket}/walletprecheck`, { token: holderToken });
    expect(precheck.statusCode, precheck.body).toBe(200);
    expect(
      walletPrecheckResponseSchema.parse(precheck.json()).wallet_precheck._data[0]!.apple_wallet,
    ).toEqual({ ok: true });
    const pass = await get(`ticket/${memberTicket}/pkpass`, { token: holderToken });
    expect(pass.statusCode, pass.body).toBe(200);
    expect(pass.headers['content-type']).toBe(PKPASS_CONTENT_TYPE);
    expect(barcodeOf(pass.rawPayload)).toBe(MEMBER_CODE);
    // the buyer's secret link reads the same member ID
    const bySecret = await get(`ticket/${memberTicket}/pkpass`, { secret: order.secret });
    expect(barcodeOf(bySecret.rawPayload)).toBe(MEMBER_CODE);
  });

  it('keeps the order’s other tickets and everyone else’s session to the buyer’s rule', async () => {
    // the holder's claim is the member ticket only
    const other = await get(`ticket/${order.ticketIds[1]}/pkpass`, { token: holderToken });
    expect(other.statusCode).toBe(404);
    const stranger = await get(`ticket/${order.ticketIds[0]}/pkpass`, { token: strangerToken });
    expect(stranger.statusCode).toBe(404);
    const guest = await get(`ticket/${order.ticketIds[0]}/walletprecheck`, {});
    expect(guest.statusCode).toBe(404);
    // a plain ticket still carries its own scan code, not a member ID
    const plain = await get(`ticket/${order.ticketIds[1]}/pkpass`, { secret: order.secret });
    expect(plain.statusCode).toBe(200);
    expect(barcodeOf(plain.rawPayload)).not.toBe(MEMBER_CODE);
  });
});
