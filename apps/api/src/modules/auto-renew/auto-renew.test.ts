import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { membershipIdentityLink, membershipRenewal } from '@/db/schema/memberships';
import { idempotencyKey } from '@/db/schema/payments';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembershipScene, type MembershipScene } from '@/testing/membership-factories';
import { makeSavedCard } from '@/testing/saved-card-factories';
import { fakeStripe } from '@/modules/payments/fake-stripe-test-kit';
import { setStripeClientFactory } from '@/modules/payments/gateways';
import { orderTestHooks } from '@/modules/orders/service';
import { makeRenewingMember, renewalRows } from './auto-renew-test-kit';

// 2029-06-01 12:00 in New York (EDT)
const START = new Date('2029-06-01T16:00:00Z');
const DAY = 86_400_000;
// a term ending at the start of June 6th in New York: 5 days away, inside the 7-day lead
const SOON = new Date('2029-06-06T04:00:00Z');

// spec: identity §3 Membership auto_renew_state, Payment entry; issue #14 "Auto-renew"; decision 0038
describeEachDatabase('auto-renew: the job renews scheduled terms with their saved card', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  let scene: MembershipScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    scene = await makeMembershipScene(ctx.db);
  });
  afterEach(() => {
    clock = START;
    orderTestHooks.beforeCommit = null;
    setStripeClientFactory(null);
  });
  afterAll(async () => {
    await app.close();
  });

  it('charges the saved card once, makes the next term (same member ID, no gap) and mails a receipt', async () => {
    const { member, term } = await makeRenewingMember(ctx.db, scene, START, { validTo: SOON });
    await makeSavedCard(ctx.db, member, { last4: '4242' });
    expect((await app.autoRenew.run()).renewed).toBe(1);
    const rows = await renewalRows(ctx.db, member);
    expect(rows.terms).toHaveLength(2);
    const next = rows.terms[1]!;
    expect(next).toMatchObject({
      memberCode: term.memberCode,
      previousMembershipId: term.id,
      validFrom: SOON,
      role: 'Individual',
      roleId: scene.roles.individual,
      // the renewal is paid with the saved card again next year
      autoRenewState: 'scheduled',
    });
    expect(next.validTo.toISOString()).toBe('2030-06-06T04:00:00.000Z');
    expect(rows.payments.map((p) => [p.state, p.amount])).toEqual([['succeeded', 7500]]);
    expect(rows.payments[0]!.gatewayData).toMatchObject({
      off_session: true,
      idempotency_key: `auto-renew:${term.id}`,
    });
    expect(rows.orders).toHaveLength(1);
    expect(next.ticketOrderId).toBe(rows.orders[0]!.id);
    // one mail: the job's receipt (the order's own confirmation is not sent twice)
    expect(rows.mails.map((m) => m.kind)).toEqual(['auto_renew_receipt']);
    expect(rows.mails[0]!.textBody).toContain(`Member ID ${term.memberCode}`);
    expect(rows.mails[0]!.textBody).toContain('Charged $75.00 to Visa ending 4242');
    expect(rows.mails[0]!.textBody).toContain('now valid until Wed, Jun 5, 2030');
    expect(rows.mails[0]!.textBody).toContain(`/ticket_order/${rows.orders[0]!.id}?secret=`);
    expect(rows.claims.map((c) => [c.state, c.renewedMembershipId])).toEqual([
      ['renewed', next.id],
    ]);

    // the job runs again, later the same day and the next: nothing more
    clock = new Date(START.getTime() + DAY);
    expect(await app.autoRenew.run()).toMatchObject({ renewed: 0, declined: 0, failed: 0 });
    const again = await renewalRows(ctx.db, member);
    expect(again.payments).toHaveLength(1);
    expect(again.terms).toHaveLength(2);
    expect(again.mails).toHaveLength(1);
  });

  it('a term without linked members is renewed for its holder alone', async () => {
    const { member } = await makeRenewingMember(ctx.db, scene, START, {
      validTo: SOON,
      linkMembers: false,
    });
    await makeSavedCard(ctx.db, member);
    expect((await app.autoRenew.run()).renewed).toBe(1);
    const links = await ctx.db
      .select()
      .from(membershipIdentityLink)
      .where(
        eq(membershipIdentityLink.membershipId, (await renewalRows(ctx.db, member)).terms[1]!.id),
      );
    expect(links.map((l) => [l.partyRole, l.email])).toEqual([['primary', member.email]]);
  });

  it('leaves terms alone before the lead time, and terms not scheduled', async () => {
    const early = await makeRenewingMember(ctx.db, scene, START, {
      validTo: new Date('2029-06-20T04:00:00Z'),
    });
    await makeSavedCard(ctx.db, early.member);
    const requested = await makeRenewingMember(ctx.db, scene, START, {
      validTo: SOON,
      state: 'requested',
    });
    await makeSavedCard(ctx.db, requested.member);
    const cancelled = await makeRenewingMember(ctx.db, scene, START, {
      validTo: SOON,
      state: 'cancelled',
    });
    await makeSavedCard(ctx.db, cancelled.member);
    await app.autoRenew.run();
    for (const who of [early, requested, cancelled]) {
      const rows = await renewalRows(ctx.db, who.member);
      expect(rows.terms).toHaveLength(1);
      expect(rows.payments).toEqual([]);
      expect(rows.mails).toEqual([]);
    }
    // June 13th, 00:00 in New York: 7 days before the early term ends, it is due
    clock = new Date('2029-06-13T04:00:00Z');
    await app.autoRenew.run();
    expect((await renewalRows(ctx.db, early.member)).terms).toHaveLength(2);
  });

  it('a declined card: no new term, a mail with a link to renew by hand, the term left to lapse', async () => {
    const { member, term } = await makeRenewingMember(ctx.db, scene, START, { validTo: SOON });
    await makeSavedCard(ctx.db, member, { outcome: 'card_declined', last4: '0002' });
    expect((await app.autoRenew.run()).declined).toBe(1);
    const rows = await renewalRows(ctx.db, member);
    expect(rows.terms).toHaveLength(1);
    // nothing can charge it now: it reads as not enrolled, like a term without a saved card
    expect(rows.terms[0]!.autoRenewState).toBe('requested');
    expect(rows.payments.map((p) => p.state)).toEqual(['failed']);
    expect(rows.orders).toEqual([]);
    expect(rows.mails.map((m) => m.kind)).toEqual(['auto_renew_declined']);
    const text = rows.mails[0]!.textBody;
    expect(text).toContain('We tried to renew your Individual membership with Visa ending 0002');
    expect(text).toContain('Your card was declined.');
    expect(text).toContain(`Member ID ${term.memberCode} stays valid until Tue, Jun 5, 2029.`);
    expect(text).toContain(`/${scene.seller.slug}/membership/renew`);
    expect(rows.claims.map((c) => [c.state, c.outcome])).toEqual([['declined', 'card_declined']]);
    // never tried twice, never mailed twice
    clock = new Date(START.getTime() + DAY);
    await app.autoRenew.run();
    const again = await renewalRows(ctx.db, member);
    expect(again.payments).toHaveLength(1);
    expect(again.mails).toHaveLength(1);
  });

  it('a card that needs its holder (3-D Secure) is declined off-session', async () => {
    const { member } = await makeRenewingMember(ctx.db, scene, START, { validTo: SOON });
    await makeSavedCard(ctx.db, member, { outcome: 'authenticate', last4: '3155' });
    expect((await app.autoRenew.run()).declined).toBe(1);
    const rows = await renewalRows(ctx.db, member);
    expect(rows.terms).toHaveLength(1);
    expect(rows.mails[0]!.textBody).toContain('could not be charged without you');
  });

  it('no saved card: mails the renew link, charges nothing', async () => {
    const { member } = await makeRenewingMember(ctx.db, scene, START, { validTo: SOON });
    expect((await app.autoRenew.run()).failed).toBe(1);
    const rows = await renewalRows(ctx.db, member);
    expect(rows.payments).toEqual([]);
    expect(rows.claims.map((c) => [c.state, c.outcome])).toEqual([
      ['failed', 'no_saved_payment_method'],
    ]);
    expect(rows.mails[0]!.textBody).toContain(
      'We could not renew your Individual membership automatically.',
    );
  });

  it('a crash after the charge: the payment job makes the order, the next pass sends the receipt (one charge)', async () => {
    const { member, term } = await makeRenewingMember(ctx.db, scene, START, { validTo: SOON });
    await makeSavedCard(ctx.db, member);
    orderTestHooks.beforeCommit = () => {
      throw new Error('simulated crash inside the order transaction');
    };
    expect(await app.autoRenew.run()).toMatchObject({ renewed: 0, declined: 0, failed: 0 });
    orderTestHooks.beforeCommit = null;
    let rows = await renewalRows(ctx.db, member);
    expect(rows.payments.map((p) => p.state)).toEqual(['succeeded']);
    expect(rows.terms).toHaveLength(1);
    expect(rows.claims[0]!.state).toBe('started');
    // the payment job's recovery finishes the charged key: the order and the next term
    const [key] = await ctx.db
      .select()
      .from(idempotencyKey)
      .where(eq(idempotencyKey.key, `auto-renew:${term.id}`));
    expect(key!.state).toBe('charged');
    expect(await app.paymentSettlement.recover()).toBe(1);
    rows = await renewalRows(ctx.db, member);
    expect(rows.terms).toHaveLength(2);
    expect(rows.mails).toEqual([]);
    expect((await app.autoRenew.run()).renewed).toBe(1);
    rows = await renewalRows(ctx.db, member);
    expect(rows.payments).toHaveLength(1);
    expect(rows.terms[1]!.previousMembershipId).toBe(term.id);
    expect(rows.mails.map((m) => m.kind)).toEqual(['auto_renew_receipt']);
  });

  it('a crash before the charge: the claim is given up and the next pass renews (one charge)', async () => {
    const { member } = await makeRenewingMember(ctx.db, scene, START, { validTo: SOON });
    await makeSavedCard(ctx.db, member);
    // a pass that died holding the claim: its lease keeps others off until it runs out
    const [claimed] = await ctx.db
      .insert(membershipRenewal)
      .values({
        sellerId: scene.seller.id,
        membershipId: (await renewalRows(ctx.db, member)).terms[0]!.id,
        leaseUntil: new Date(START.getTime() + 60_000),
      })
      .returning();
    expect((await app.autoRenew.run()).renewed).toBe(0);
    clock = new Date(START.getTime() + 120_000);
    expect((await app.autoRenew.run()).renewed).toBe(1);
    const rows = await renewalRows(ctx.db, member);
    expect(rows.payments).toHaveLength(1);
    const [claim] = await ctx.db
      .select()
      .from(membershipRenewal)
      .where(eq(membershipRenewal.id, claimed!.id));
    expect(claim!.state).toBe('renewed');
  });

  it('Stripe: the saved payment method is charged off-session on its customer', async () => {
    const stripe = fakeStripe();
    setStripeClientFactory(() => stripe.client);
    const stripeScene = await makeMembershipScene(ctx.db, {
      sellerConfig: { private: { stripe_secret_key: 'sk_test_renew' } },
    });
    const { member, term } = await makeRenewingMember(ctx.db, stripeScene, START, {
      validTo: SOON,
    });
    await makeSavedCard(ctx.db, member, {
      stripe: { customer: 'cus_member', paymentMethod: 'pm_member_card' },
    });
    expect((await app.autoRenew.run()).renewed).toBe(1);
    expect(stripe.created).toHaveLength(1);
    expect(stripe.created[0]).toMatchObject({
      amount: 7500,
      customer: 'cus_member',
      payment_method: 'pm_member_card',
      off_session: true,
      confirm: true,
    });
    expect(stripe.created[0]).not.toHaveProperty('setup_future_usage');
    expect((await renewalRows(ctx.db, member)).terms[1]!.previousMembershipId).toBe(term.id);
  });
});
