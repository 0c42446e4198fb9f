import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { MY_MEMBERSHIP_EMBEDS } from '@admit/contracts/membership';
import { cart, ticket, ticketOrder } from '@/db/schema/cart';
import { identity } from '@/db/schema/identity';
import { membership } from '@/db/schema/memberships';
import { outbox } from '@/db/schema/mail';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser, type IdentityRow } from '@/testing/identity-factories';
import { makeSavedCard } from '@/testing/saved-card-factories';
import { createApiKey, revokeApiKey } from '@/modules/api-keys/service';
import { makeSeller } from '@/testing/factories';
import { OFFICE_SESSION_COOKIE } from '@admit/contracts/office';
import { makeStaff, officeLogin, STAFF_PASSWORD } from '@/modules/office/office.test-kit';

/**
 * Cross-identity access (ASVS 8.2.2): for every `my/…` and `cart/{id}` route the app registers,
 * a second identity — another member, or a guest — gets a refusal or only its own data, never
 * the first member's. The route list comes from the app itself, so a new route without a case
 * here fails this test.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
const FREE = { amount: '0.00', gateway_id: 'free', gateway_data: {} };

interface Victim {
  scene: ReserveScene;
  member: IdentityRow;
  memberCode: string;
  membershipId: string;
  cartId: string;
  cartNumber: string;
  ticketIds: string[];
  /** a person who could receive a gift (PATCH cart giftee, gift_checkout) */
  giftee: string;
  /** the victim's order and one of its booked tickets (manage, account, wallet routes); its
   * membership auto-renews (DELETE ticket_order/{id}/auto_renew) */
  orderId: string;
  orderTicketId: string;
  /** the victim's saved card (GET my/identity/saved_payment_method) */
  savedCardId: string;
}

interface Case {
  /** the path with the victim's ids filled in */
  path: (v: Victim) => string;
  body?: (v: Victim) => unknown;
  /** `own`: acts on the caller's own data (any status, none of the victim's data) */
  kind: 'victim' | 'own';
}

const CASES: Record<string, Case> = {
  'GET /api/my/session': { kind: 'own', path: () => 'my/session' },
  'POST /api/my/cart/modify': {
    kind: 'own',
    path: () => 'my/cart/modify',
    body: (v) => addBody(v.scene, 1),
  },
  'GET /api/my/cart/:id': { kind: 'victim', path: (v) => `my/cart/${v.cartId}` },
  'DELETE /api/my/cart/:id': { kind: 'victim', path: (v) => `my/cart/${v.cartId}` },
  'PATCH /api/my/cart/:id': {
    kind: 'victim',
    path: (v) => `my/cart/${v.cartId}`,
    body: () => ({ expires_at: new Date(NOW.getTime() + 20 * 60_000).toISOString() }),
  },
  'POST /api/my/cart/:id/modify': {
    kind: 'victim',
    path: (v) => `my/cart/${v.cartId}/modify`,
    body: (v) => ({ remove: { tickets: v.ticketIds } }),
  },
  'GET /api/cart/:id': { kind: 'victim', path: (v) => `cart/${v.cartId}` },
  'DELETE /api/cart/:id': { kind: 'victim', path: (v) => `cart/${v.cartId}` },
  'POST /api/cart/:id/modify': {
    kind: 'victim',
    path: (v) => `cart/${v.cartId}/modify`,
    body: (v) => ({ remove: { tickets: v.ticketIds } }),
  },
  'POST /api/my/cart/:id/apply_code': {
    kind: 'victim',
    path: (v) => `my/cart/${v.cartId}/apply_code`,
    body: () => ({ code: 'WELCOME10' }),
  },
  'POST /api/cart/:id/apply_code': {
    kind: 'victim',
    path: (v) => `cart/${v.cartId}/apply_code`,
    body: () => ({ code: 'WELCOME10' }),
  },
  'POST /api/cart/:id/remove': {
    kind: 'victim',
    path: (v) => `cart/${v.cartId}/remove`,
    body: (v) => ({ tickets: v.ticketIds }),
  },
  'GET /api/my/user': { kind: 'own', path: () => 'my/user?_embed=identity,identity.meta' },
  'PUT /api/my/user': {
    kind: 'own',
    path: () => 'my/user',
    body: (v) => ({ first_name: 'Mallory', last_name: 'M', email: v.member.email }),
  },
  'PUT /api/my/user/email': {
    kind: 'own',
    path: () => 'my/user/email',
    body: (v) => ({ email: v.member.email, email_confirm: v.member.email }),
  },
  'PATCH /api/my/user/:id': {
    kind: 'victim',
    path: (v) => `my/user/${v.member.id}`,
    body: () => ({ city: 'Elsewhere' }),
  },
  // memberships (decision 0032): the caller's own terms; the QR code is the holder's alone
  'GET /api/my/membership': {
    kind: 'own',
    path: () => `my/membership?_embed=${MY_MEMBERSHIP_EMBEDS.join(',')}`,
  },
  'GET /api/membership/:id/qrcode': {
    kind: 'victim',
    path: (v) => `membership/${v.membershipId}/qrcode?margin=2`,
  },
  // decision 0057: the holder's own term's auto-renew, order or not
  'DELETE /api/my/membership/:id/auto_renew': {
    kind: 'victim',
    path: (v) => `my/membership/${v.membershipId}/auto_renew`,
  },
  'POST /api/my/ticket_order/resend': {
    kind: 'own',
    path: () => 'my/ticket_order/resend',
    body: () => ({}),
  },
  // pay and checkout (identity §7): a free entry would complete the victim's cart if allowed
  'POST /api/cart/:id/pay': {
    kind: 'victim',
    path: (v) => `cart/${v.cartId}/pay`,
    body: () => FREE,
  },
  'POST /api/my/cart/:id/pay': {
    kind: 'victim',
    path: (v) => `my/cart/${v.cartId}/pay`,
    body: () => FREE,
  },
  'POST /api/cart/:id/guest_checkout': {
    kind: 'victim',
    path: (v) => `cart/${v.cartId}/guest_checkout`,
    body: () => ({
      ...FREE,
      purchaser: { first_name: 'M', last_name: 'M', email: 'm@example.org' },
    }),
  },
  'POST /api/my/cart/:id/guest_checkout': {
    kind: 'victim',
    path: (v) => `my/cart/${v.cartId}/guest_checkout`,
    body: (v) => ({ ...FREE, guest_identity_id: v.member.id }),
  },
  'POST /api/my/cart/:id/checkout': {
    kind: 'victim',
    path: (v) => `my/cart/${v.cartId}/checkout`,
    body: () => FREE,
  },
  // gifts (decision 0023): the giftee is a real person of the seller, so only the cart check refuses
  'PATCH /api/cart/:id': {
    kind: 'victim',
    path: (v) => `cart/${v.cartId}`,
    body: (v) => ({ giftee_identity_id: v.giftee }),
  },
  'POST /api/my/cart/:id/gift_checkout': {
    kind: 'victim',
    path: (v) => `my/cart/${v.cartId}/gift_checkout`,
    body: (v) => ({ ...FREE, giftee_identity_id: v.giftee }),
  },
  // the order and after the sale (identity §7; decisions 0036, 0037): the buyer's session or
  // the order's secret link, never another identity
  'GET /api/ticket_order/:id': { kind: 'victim', path: (v) => `ticket_order/${v.orderId}` },
  'GET /api/ticket_order/:id/qrcode': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/qrcode`,
  },
  'GET /api/ticket_order/:id/ticket/:id/qrcode': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/ticket/${v.orderTicketId}/qrcode`,
  },
  'POST /api/ticket_order/resend': {
    kind: 'own',
    path: () => 'ticket_order/resend',
    body: () => ({ email: 'nobody@example.org' }),
  },
  'GET /api/ticket_order': { kind: 'own', path: (v) => `ticket_order?id._in=${v.orderId}` },
  'GET /api/my/order_session': { kind: 'own', path: () => 'my/order_session?_embed=ticket' },
  'GET /api/my/ticket_order': {
    kind: 'own',
    path: (v) => `my/ticket_order?id._in=${v.orderId}&_embed=ticket,ticket_type,ticket_group`,
  },
  'GET /api/ticket_order/:id/manage': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/manage`,
  },
  'POST /api/ticket_order/:id/cancel': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/cancel`,
    body: (v) => ({ tickets: [v.orderTicketId] }),
  },
  'POST /api/ticket_order/:id/email': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/email`,
    body: () => ({}),
  },
  'POST /api/my/ticket_order/:id/manage_link': {
    kind: 'victim',
    path: (v) => `my/ticket_order/${v.orderId}/manage_link`,
  },
  'GET /api/ticket_order/:id/edit': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/edit`,
  },
  'POST /api/ticket_order/:id/edit': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/edit`,
    body: (v) => ({ cancel: [v.orderTicketId] }),
  },
  'PATCH /api/ticket_order/:id/edit': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/edit`,
    body: () => ({ expires_at: new Date(NOW.getTime() + 20 * 60_000).toISOString() }),
  },
  'DELETE /api/ticket_order/:id/edit': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/edit`,
  },
  'POST /api/ticket_order/:id/edit/pay': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/edit/pay`,
    body: () => FREE,
  },
  'GET /api/ticket/:id/walletprecheck': {
    kind: 'victim',
    path: (v) => `ticket/${v.orderTicketId}/walletprecheck`,
  },
  'GET /api/ticket/:id/pkpass': { kind: 'victim', path: (v) => `ticket/${v.orderTicketId}/pkpass` },
  'GET /api/ticket/:id/gwpass': { kind: 'victim', path: (v) => `ticket/${v.orderTicketId}/gwpass` },
  // saved cards and auto-renew (decision 0038): the caller's own card; the victim's order's
  // auto-renew only with the victim's session or the order's secret
  'GET /api/my/identity/saved_payment_method': {
    kind: 'own',
    path: () => 'my/identity/saved_payment_method',
  },
  // decision 0067: replaces the caller's own card; the body names no identity
  'POST /api/my/identity/saved_payment_method': {
    kind: 'own',
    path: () => 'my/identity/saved_payment_method',
    body: () => ({ payment_method: 'pm_sandbox_not_issued' }),
  },
  'DELETE /api/ticket_order/:id/auto_renew': {
    kind: 'victim',
    path: (v) => `ticket_order/${v.orderId}/auto_renew`,
  },
};

/**
 * The seller API (decision 0042): the caller is a seller's API key. Another seller's key gets
 * the victim seller's order, ticket and code as not found (404), and its own lists hold none of
 * them; no key and a revoked key get 401.
 */
const ADMIN_CASES: Record<string, Case> = {
  'GET /admin/api/api_key': { kind: 'own', path: () => 'api_key' },
  'GET /admin/api/ticket_order': { kind: 'own', path: () => 'ticket_order?_limit=200' },
  'GET /admin/api/ticket_order/:id': { kind: 'victim', path: (v) => `ticket_order/${v.orderId}` },
  'GET /admin/api/ticket/:id': { kind: 'victim', path: () => 'ticket/VICTIMSCANCODE01' },
  'POST /admin/api/check_in': {
    kind: 'victim',
    path: () => 'check_in',
    body: () => ({ code: 'VICTIMSCANCODE01' }),
  },
};

/**
 * The back office (decision 0083): the caller is an office session of the seller's own staff.
 * `open` routes take no session (login, logout); `staff` ones any role; `box_office` ones an
 * owner or box office (decision 0087); `owner` ones only an owner. A visitor's session, another seller's owner and no cookie get 401; the seller's door
 * user gets 403 on a box office's or an owner's route, the box-office user on an owner's; none of
 * them sees the victim owner's account; each role's own reads let it through.
 */
interface OfficeCase {
  path: (victimStaffId: string) => string;
  body?: (victimStaffId: string) => object;
  /** box_office: owner and box office (decisions 0087, 0089); the door user is refused as on owner routes */
  kind: 'open' | 'staff' | 'box_office' | 'owner';
}
// the box office's orders (decision 0087): refused before any order is looked up
const AN_ORDER = '00000000-0000-4000-8000-0000000000aa';
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const OFFICE_CASES: Record<string, OfficeCase> = {
  'POST /api/office/login': {
    kind: 'open',
    path: () => 'login',
    body: () => ({ email: 'victim-owner@example.org', password: 'Not-the-pass-1' }),
  },
  'POST /api/office/logout': { kind: 'open', path: () => 'logout' },
  // a staff user's own reset by e-mail (decision 0095): the link is the credential, no session
  'POST /api/office/password_reset/request': {
    kind: 'open',
    path: () => 'password_reset/request',
    body: () => ({ email: 'victim-owner@example.org' }),
  },
  'POST /api/office/password_reset/validate': {
    kind: 'open',
    path: () => 'password_reset/validate',
    body: () => ({ token: 'not-a-token' }),
  },
  'POST /api/office/password_reset/reset': {
    kind: 'open',
    path: () => 'password_reset/reset',
    body: () => ({ token: 'not-a-token', password: 'Not-the-pass-1' }),
  },
  'GET /api/office/me': { kind: 'staff', path: () => 'me' },
  'POST /api/office/me/totp_secret': { kind: 'staff', path: () => 'me/totp_secret' },
  'PUT /api/office/me/totp': {
    kind: 'staff',
    path: () => 'me/totp',
    body: () => ({ secret: 'A'.repeat(32), totp: '123456' }),
  },
  'GET /api/office/staff_user': { kind: 'owner', path: () => 'staff_user' },
  'POST /api/office/staff_user': {
    kind: 'owner',
    path: () => 'staff_user',
    body: () => ({ email: 'mallory@example.org', password: STAFF_PASSWORD, role: 'owner' }),
  },
  'PATCH /api/office/staff_user/:id': {
    kind: 'owner',
    path: (id) => `staff_user/${id}`,
    body: () => ({ disabled: true }),
  },
  'POST /api/office/staff_user/:id/password': {
    kind: 'owner',
    path: (id) => `staff_user/${id}/password`,
    body: () => ({ password: 'Taken-over-1' }),
  },
  'GET /api/office/audit': { kind: 'owner', path: () => 'audit' },
  'GET /api/office/ticket_order': { kind: 'box_office', path: () => 'ticket_order' },
  // the search's event picker (decision 0095)
  'GET /api/office/event_template': { kind: 'box_office', path: () => 'event_template' },
  'GET /api/office/ticket_order/:id': {
    kind: 'box_office',
    path: () => `ticket_order/${AN_ORDER}`,
  },
  'POST /api/office/ticket_order/:id/resend': {
    kind: 'box_office',
    path: () => `ticket_order/${AN_ORDER}/resend`,
    body: () => ({ reason: 'take over' }),
  },
  'POST /api/office/ticket_order/:id/cancel': {
    kind: 'box_office',
    path: () => `ticket_order/${AN_ORDER}/cancel`,
    body: () => ({ tickets: [AN_ORDER], reason: 'take over' }),
  },
  'POST /api/office/ticket_order/:id/note': {
    kind: 'box_office',
    path: () => `ticket_order/${AN_ORDER}/note`,
    body: () => ({ note: 'take over' }),
  },
  'POST /api/office/ticket_order/:id/reissue_code': {
    kind: 'box_office',
    path: () => `ticket_order/${AN_ORDER}/reissue_code`,
    body: () => ({ ticket_id: AN_ORDER, reason: 'take over' }),
  },
  'POST /api/office/ticket_order/:id/move': {
    kind: 'box_office',
    path: () => `ticket_order/${AN_ORDER}/move`,
    body: () => ({
      tickets: [AN_ORDER],
      event_session_id: AN_ORDER,
      settle: 'waive',
      reason: 'take over',
    }),
  },
  // the reports (decision 0088): today for every role, the sales for owner and box office
  'GET /api/office/today': { kind: 'staff', path: () => 'today' },
  'GET /api/office/sales': { kind: 'box_office', path: () => 'sales' },
  'GET /api/office/sales/export': { kind: 'box_office', path: () => 'sales/export' },
  // capacity, members and the catalogue (decision 0089)
  'GET /api/office/session_capacity': {
    kind: 'box_office',
    path: () => 'session_capacity',
  },
  'PATCH /api/office/session_capacity/:id': {
    kind: 'box_office',
    path: () => `session_capacity/${SOME_ID}`,
    body: () => ({ capacity: 0, reason: 'x' }),
  },
  'POST /api/office/closed_date': {
    kind: 'box_office',
    path: () => 'closed_date',
    body: () => ({ date: '2030-01-01', closed: true, reason: 'x' }),
  },
  'GET /api/office/member': { kind: 'box_office', path: () => 'member' },
  'POST /api/office/membership/:id/auto_renew_cancel': {
    kind: 'box_office',
    path: () => `membership/${SOME_ID}/auto_renew_cancel`,
    body: () => ({ reason: 'x' }),
  },
  'POST /api/office/membership/:id/card_resend': {
    kind: 'box_office',
    path: () => `membership/${SOME_ID}/card_resend`,
    body: () => ({ reason: 'x' }),
  },
  'PATCH /api/office/membership/:id': {
    kind: 'box_office',
    path: () => `membership/${SOME_ID}`,
    body: () => ({ valid_to: '2031-01-01T00:00:00Z', reason: 'x' }),
  },
  'GET /api/office/seller_file': { kind: 'owner', path: () => 'seller_file' },
  'POST /api/office/seller_file': {
    kind: 'owner',
    path: () => 'seller_file',
    body: () => ({ file_name: 'x.yaml', text: 'seller: {}', dry_run: true }),
  },
  'GET /api/office/api_key': { kind: 'owner', path: () => 'api_key' },
  'POST /api/office/api_key': { kind: 'owner', path: () => 'api_key', body: () => ({ name: 'x' }) },
  'POST /api/office/api_key/:id/revoke': {
    kind: 'owner',
    path: () => `api_key/${SOME_ID}/revoke`,
    body: () => ({ reason: 'x' }),
  },
};

/**
 * "METHOD /path" of every registered /api/my/…, /api/cart/…, /api/membership/…,
 * /api/ticket_order… and /api/ticket/… route (from printRoutes).
 */
function guardedRoutes(app: FastifyInstance, pattern = GUARDED): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(.+) \(([^)]*)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    // a param's name is the table's (`:cartId`) or a module's own (`:id`), and two names at one
    // position print as `:orderId|:id`: the case table names every param `:id`
    const path = stack
      .join('')
      .replace(/^\/+/, '/')
      .replace(/:\w+(?:\|:\w+)*/g, ':id');
    if (!pattern.test(path)) continue;
    for (const method of match[3]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') found.push(`${method} ${path}`);
    }
  }
  return found;
}

const GUARDED = /^\/api\/(my\/|cart\/|membership\/|ticket_order\b|ticket\/)/;
// the staff API (/admin/api/staff/…) takes the server's staff key, never a seller's: its own case
const ADMIN = /^\/admin\/api\/(?!staff\/)/;
const STAFF = /^\/admin\/api\/staff\//;
const OFFICE = /^\/api\/office\//;

describeEachDatabase('auth: cross-identity access', (ctx) => {
  let app: FastifyInstance;
  let victim: Victim;
  let otherCookie: string;
  /** a key of another seller, and the victim seller's own key once revoked */
  let otherSellerKey: string;
  let revokedKey: string;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    const scene = await makeReserveScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller, {
      email: 'victim@example.org',
      city: 'Home',
    });
    const card = await makeMembership(ctx.db, member, NOW, { autoRenewState: 'scheduled' });
    const savedCard = await makeSavedCard(ctx.db, member);
    const { token } = await app.sessions.createSession(member.id, scene.seller.id);
    const bundle = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 2),
        token,
      }),
    );
    const c = bundle.cart._data[0]!;
    victim = {
      scene,
      member,
      memberCode: card.memberCode,
      membershipId: card.id,
      cartId: c.id,
      cartNumber: String(c.cart_number),
      ticketIds: bundle.ticket._data.map((t) => t.id),
      giftee: (await makeUser(ctx.db, scene.seller, { email: 'giftee@example.org' })).id,
      orderId: '',
      orderTicketId: '',
      savedCardId: savedCard.id,
    };
    // an order of the victim's (from an earlier cart), so a resend would have something to mail
    const earlier = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 1),
        token,
      }),
    ).cart._data[0]!;
    const [order] = await ctx.db
      .insert(ticketOrder)
      .values({
        sellerId: scene.seller.id,
        cartId: earlier.id,
        identityId: member.id,
        orderNumber: 'V-1001',
        email: 'victim@example.org',
        scanCode: 'VICTIMSCANCODE01',
      })
      .returning();
    const [booked] = await ctx.db
      .update(ticket)
      .set({ state: 'booked', ticketOrderId: order!.id })
      .where(eq(ticket.cartId, earlier.id))
      .returning();
    await ctx.db.update(cart).set({ state: 'completed' }).where(eq(cart.id, earlier.id));
    victim.orderId = order!.id;
    victim.orderTicketId = booked!.id;
    // the victim's membership was bought with that order and renews automatically
    await ctx.db
      .update(membership)
      .set({ ticketOrderId: order!.id })
      .where(eq(membership.id, card.id));
    const other = await makeUser(ctx.db, scene.seller, { email: 'other@example.org' });
    await makeMembership(ctx.db, other, NOW);
    otherCookie = (await app.sessions.createSession(other.id, scene.seller.id)).token;
    const otherSeller = await makeSeller(ctx.db);
    otherSellerKey = (await createApiKey(ctx.db, otherSeller.slug, 'Their door', NOW)).key;
    const revoked = await createApiKey(ctx.db, scene.seller.slug, 'Lost phone', NOW);
    await revokeApiKey(ctx.db, scene.seller.slug, revoked.row.id, NOW);
    revokedKey = revoked.key;
  });
  afterAll(async () => {
    await app.close();
  });

  it('has a case for every my/… and cart/{id} route', () => {
    const routes = guardedRoutes(app);
    expect(routes.length).toBeGreaterThan(8);
    expect(routes.filter((r) => !(r in CASES))).toEqual([]);
    const admin = guardedRoutes(app, ADMIN);
    expect(admin).toEqual(expect.arrayContaining(['POST /admin/api/check_in']));
    expect(admin.filter((r) => !(r in ADMIN_CASES))).toEqual([]);
    // the order's own routes are walked too, not only my/… and cart/…
    expect(routes).toEqual(
      expect.arrayContaining(['POST /api/ticket_order/:id/cancel', 'GET /api/ticket/:id/pkpass']),
    );
  });

  it('gives another member and a guest no access to the first member’s data', async () => {
    const secrets = [
      victim.member.id,
      victim.member.email!,
      victim.memberCode,
      victim.membershipId,
      victim.cartNumber,
      'V-1001',
      'VICTIMSCANCODE01',
      victim.orderId,
      victim.orderTicketId,
      victim.savedCardId,
      ...victim.ticketIds,
    ];
    for (const route of guardedRoutes(app)) {
      const spec = CASES[route]!;
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
      for (const [who, token] of [
        ['member', otherCookie],
        ['guest', undefined],
      ] as const) {
        const [path, query] = spec.path(victim).split('?');
        const payload = spec.body?.(victim);
        const res = await app.inject({
          method,
          url: `/api/${path}?_seller=${victim.scene.seller.slug}${query ? `&${query}` : ''}`,
          headers: { [APP_HEADER]: APP_HEADER_VALUE },
          cookies: token ? { [SESSION_COOKIE]: token } : {},
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        const label = `${route} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (spec.kind === 'victim') expect([401, 403, 404], label).toContain(res.statusCode);
        expect(res.statusCode, label).toBeLessThan(500);
        // the caller's own cart id may be echoed back in an error's _extra; nothing else may be
        const body =
          res.body === '' ? {} : (res.json() as { _data?: { _extra?: Record<string, unknown> }[] });
        if (body._data?.[0]?._extra?.cart_id === victim.cartId) delete body._data[0]._extra.cart_id;
        const text = JSON.stringify(body);
        for (const secret of [...secrets, victim.cartId]) expect(text, label).not.toContain(secret);
      }
    }
    // and nothing of the victim's changed: cart, tickets, account, no mail to them
    const [c] = await ctx.db.select().from(cart).where(eq(cart.id, victim.cartId));
    expect(c).toMatchObject({
      identityId: victim.member.id,
      state: 'pending',
      gifteeIdentityId: null,
    });
    const tickets = await ctx.db.select().from(ticket).where(eq(ticket.cartId, victim.cartId));
    expect(tickets.map((t) => t.id).sort()).toEqual([...victim.ticketIds].sort());
    const [row] = await ctx.db.select().from(identity).where(eq(identity.id, victim.member.id));
    expect(row).toMatchObject({
      firstName: victim.member.firstName,
      city: 'Home',
      email: 'victim@example.org',
    });
    const [kept] = await ctx.db.select().from(ticket).where(eq(ticket.id, victim.orderTicketId));
    expect(kept).toMatchObject({ state: 'booked', ticketOrderId: victim.orderId });
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'victim@example.org'));
    expect(mails).toEqual([]);
    const [term] = await ctx.db
      .select()
      .from(membership)
      .where(eq(membership.id, victim.membershipId));
    expect(term!.autoRenewState).toBe('scheduled');
  });

  it('refuses every staff route to a seller’s API key (403), no key and a revoked key (401)', async () => {
    const staff = guardedRoutes(app, STAFF);
    expect(staff).toEqual(expect.arrayContaining(['GET /admin/api/staff/orders']));
    const secrets = [victim.member.email!, 'V-1001', victim.orderId, victim.orderTicketId];
    for (const route of staff) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'DELETE', string];
      for (const [who, key, status] of [
        ['another seller’s key', otherSellerKey, 403],
        ['no key', null, 401],
        ['a revoked key', revokedKey, 401],
      ] as const) {
        const res = await app.inject({
          method,
          url: `${path.replace(':id', victim.orderId)}?_seller=${victim.scene.seller.slug}`,
          headers: key ? { authorization: `Bearer ${key}` } : {},
        });
        const label = `${route} with ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBe(status);
        for (const secret of secrets) expect(res.body, label).not.toContain(secret);
      }
    }
  });

  it('gives another seller’s API key 404 for the victim seller’s data, no key and a revoked key 401', async () => {
    const secrets = [victim.member.email!, 'V-1001', victim.orderId, victim.orderTicketId];
    for (const route of guardedRoutes(app, ADMIN)) {
      const spec = ADMIN_CASES[route]!;
      const method = route.split(' ')[0] as 'GET' | 'POST';
      for (const [who, key] of [
        ['another seller’s key', otherSellerKey],
        ['no key', null],
        ['a revoked key', revokedKey],
      ] as const) {
        const payload = spec.body?.(victim);
        const res = await app.inject({
          method,
          url: `/admin/api/${spec.path(victim)}`,
          headers: key ? { authorization: `Bearer ${key}` } : {},
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        const label = `${route} with ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (key !== otherSellerKey) expect(res.statusCode, label).toBe(401);
        else if (spec.kind === 'victim') expect(res.statusCode, label).toBe(404);
        else expect(res.statusCode, label).toBe(200);
        for (const secret of secrets) expect(res.body, label).not.toContain(secret);
      }
    }
    const [kept] = await ctx.db.select().from(ticket).where(eq(ticket.id, victim.orderTicketId));
    expect(kept).toMatchObject({ state: 'booked', redeemedAt: null });
  });

  it('keeps visitors, other sellers’ staff and lesser roles out of every office route', async () => {
    const seller = victim.scene.seller;
    const victimOwner = await makeStaff(ctx.db, seller.id, 'owner', {
      email: 'victim-owner@example.org',
    });
    const door = await makeStaff(ctx.db, seller.id, 'door');
    const doorCookie = await officeLogin(app, seller.slug, door.email);
    const boxOffice = await makeStaff(ctx.db, seller.id, 'box_office');
    const boxCookie = await officeLogin(app, seller.slug, boxOffice.email);
    const otherSeller = await makeSeller(ctx.db);
    const theirOwner = await makeStaff(ctx.db, otherSeller.id, 'owner');
    const theirCookie = await officeLogin(app, otherSeller.slug, theirOwner.email);
    const visitorCookie = (await app.sessions.createSession(victim.member.id, seller.id)).token;

    const routes = guardedRoutes(app, OFFICE);
    expect(routes).toEqual(expect.arrayContaining(['GET /api/office/me', 'GET /api/office/audit']));
    expect(routes.filter((r) => !(r in OFFICE_CASES))).toEqual([]);
    for (const route of routes) {
      const spec = OFFICE_CASES[route]!;
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'PUT';
      const callers = [
        ['a visitor’s session', { [SESSION_COOKIE]: visitorCookie }, 401],
        ['another seller’s owner', { [OFFICE_SESSION_COOKIE]: theirCookie }, 401],
        ['no cookie', {}, 401],
        ['the seller’s door user', { [OFFICE_SESSION_COOKIE]: doorCookie }, 403],
        ['the seller’s box-office user', { [OFFICE_SESSION_COOKIE]: boxCookie }, 403],
      ] as const;
      for (const [who, cookies, status] of callers) {
        if (spec.kind === 'staff' && status === 403) continue;
        // box office may do all but the owner's routes (staff, keys, the seller file, the log)
        if (who === 'the seller’s box-office user' && spec.kind !== 'owner') continue;
        // logout would end the door user's session the later cases use
        if (route === 'POST /api/office/logout' && status === 403) continue;
        const payload = spec.body?.(victimOwner.id);
        const res = await app.inject({
          method,
          url: `/api/office/${spec.path(victimOwner.id)}?_seller=${seller.slug}`,
          headers: { [APP_HEADER]: APP_HEADER_VALUE },
          cookies,
          ...(payload === undefined ? {} : { payload }),
        });
        const label = `${route} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (spec.kind !== 'open') expect(res.statusCode, label).toBe(status);
        expect(res.statusCode, label).toBeLessThan(500);
        for (const secret of [victimOwner.id, victimOwner.email])
          expect(res.body, label).not.toContain(secret);
      }
    }
    // and each role reaches the reads it may: refused neither as a stranger nor by its role
    const ownerCookie = await officeLogin(app, seller.slug, victimOwner.email);
    const allowed = {
      staff: [doorCookie, boxCookie, ownerCookie],
      box_office: [boxCookie, ownerCookie],
      owner: [ownerCookie],
    };
    for (const route of routes.filter((r) => r.startsWith('GET '))) {
      const spec = OFFICE_CASES[route]!;
      if (spec.kind === 'open') continue;
      for (const cookie of allowed[spec.kind]) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/office/${spec.path(victimOwner.id)}?_seller=${seller.slug}`,
          cookies: { [OFFICE_SESSION_COOKIE]: cookie },
        });
        expect([401, 403], `${route}: ${res.statusCode} ${res.body.slice(0, 200)}`).not.toContain(
          res.statusCode,
        );
      }
    }
    const victimStillIn = await officeLogin(app, seller.slug, victimOwner.email);
    expect(victimStillIn).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
