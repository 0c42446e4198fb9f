import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import {
  AUTO_RENEW_NOT_ENROLLED_MESSAGE,
  cancelAutoRenewResponseSchema,
} from '@admit/contracts/membership';
import { outbox } from '@/db/schema/mail';
import { membership } from '@/db/schema/memberships';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser } from '@/testing/identity-factories';
import { makeSeller } from '@/testing/factories';

const NOW = new Date('2029-06-01T16:00:00Z');

// decision 0057: DELETE my/membership/{id}/auto_renew — a member cancels auto-renew of a term
// no order made (the demo's Mia: the spec's DELETE ticket_order/{id}/auto_renew needs an order)
describeEachDatabase('memberships: DELETE my/membership/{id}/auto_renew', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
  });

  const token = async (person: { id: string; sellerId: string }) =>
    (await app.sessions.createSession(person.id, person.sellerId)).token;
  const cancel = (slug: string, id: string, t?: string) =>
    app.inject({
      method: 'DELETE',
      url: `/api/my/membership/${id}/auto_renew?_seller=${slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      cookies: t ? { [SESSION_COOKIE]: t } : {},
    });
  const stateOf = async (id: string) =>
    (await ctx.db.select().from(membership).where(eq(membership.id, id)))[0]!.autoRenewState;

  /** A member with a scheduled term and no order behind it, ending at New York midnight. */
  async function orderlessMember() {
    const seller = await makeSeller(ctx.db);
    const member = await makeUser(ctx.db, seller);
    const term = await makeMembership(ctx.db, member, NOW, {
      memberCode: 'DM-NO-ORDER',
      role: 'Family',
      autoRenewState: 'scheduled',
      ticketOrderId: null,
      validFrom: new Date('2028-07-01T04:00:00Z'),
      validTo: new Date('2029-07-01T04:00:00Z'),
    });
    return { seller, member, term, t: await token(member) };
  }

  it('the holder cancels a scheduled term without an order; the e-mail confirms it once', async () => {
    const { seller, member, term, t } = await orderlessMember();
    const res = await cancel(seller.slug, term.id, t);
    expect(res.statusCode).toBe(200);
    const body = cancelAutoRenewResponseSchema.parse(res.json());
    expect(body.membership._data).toEqual([
      expect.objectContaining({
        id: term.id,
        ticket_order_id: null,
        auto_renew_state: 'cancelled',
        role: 'Family',
      }),
    ]);
    expect(await stateOf(term.id)).toBe('cancelled');

    const again = await cancel(seller.slug, term.id, t);
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)).toMatchObject({
      _code: 'validation_failed',
      _context: 'membership',
      _description: AUTO_RENEW_NOT_ENROLLED_MESSAGE,
      _extra: { membership_id: term.id, auto_renew_state: 'cancelled' },
    });

    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, member.email!), eq(outbox.kind, 'auto_renew_cancelled')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(
      'Your Family membership will no longer renew automatically',
    );
    // valid_to is midnight starting Jul 1 in the seller's zone: the last day is Jun 30
    expect(mails[0]!.textBody).toContain(
      'Member ID DM-NO-ORDER stays valid until Sat, Jun 30, 2029',
    );
  });

  it('a guest is asked to log in; another member, a bad or unknown id get the 404', async () => {
    const { seller, term } = await orderlessMember();
    const stranger = await makeUser(ctx.db, seller);
    const guest = await cancel(seller.slug, term.id);
    expect(guest.statusCode).toBe(401);
    expect(errorOf(guest)).toMatchObject({ _code: 'not_authorized' });
    for (const attempt of [
      await cancel(seller.slug, term.id, await token(stranger)),
      await cancel(seller.slug, 'not-a-uuid', await token(stranger)),
      await cancel(seller.slug, '00000000-0000-4000-8000-000000000000', await token(stranger)),
    ]) {
      expect(attempt.statusCode).toBe(404);
      expect(errorOf(attempt)).toMatchObject({ _code: 'not_found', _context: 'membership' });
    }
    expect(await stateOf(term.id)).toBe('scheduled');
  });
});
