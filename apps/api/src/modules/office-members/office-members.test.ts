import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { officeMembersResponseSchema } from '@admit/contracts/office-members';
import { outbox } from '@/db/schema/mail';
import { membership } from '@/db/schema/memberships';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeSeller, makeTicketGroup, type SellerRow } from '@/testing/factories';
import { makeMembership, makeUser, type MembershipRow } from '@/testing/identity-factories';
import { auditOf, makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';
import { sellTo, typeIn, typeOf } from './member-tickets.test-kit';

/**
 * The members screen (decision 0089): find by name, e-mail or member ID; cancel auto-renew
 * (the holder mailed, as when they cancel), resend the card, extend a term; each with a
 * reason and an audit record; door, strangers and another seller refused.
 */

const NOW = new Date('2029-06-01T16:00:00Z');

describeEachDatabase('office: members', (ctx) => {
  let app: FastifyInstance;
  let museum: SellerRow;
  let aquarium: SellerRow;
  let term: MembershipRow;
  let theirTerm: MembershipRow;
  const cookie = { owner: '', box_office: '', door: '', otherOwner: '' };

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    museum = await makeSeller(ctx.db, { name: 'Museum' });
    aquarium = await makeSeller(ctx.db, { name: 'Aquarium' });
    const ada = await makeUser(ctx.db, museum, {
      email: 'ada.lovelace@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    term = await makeMembership(ctx.db, ada, NOW, {
      memberCode: 'DM-1001',
      role: 'Family',
      autoRenewState: 'scheduled',
      benefits: { '*': 4 },
      validFrom: new Date('2028-07-01T04:00:00Z'),
      validTo: new Date('2029-07-01T04:00:00Z'),
    });
    // the same name at the aquarium: never found from the museum's office
    const theirAda = await makeUser(ctx.db, aquarium, { firstName: 'Ada', lastName: 'Lovelace' });
    theirTerm = await makeMembership(ctx.db, theirAda, NOW, {
      memberCode: 'AQ-1',
      autoRenewState: 'scheduled',
    });
    for (const role of ['owner', 'box_office', 'door'] as const) {
      const user = await makeStaff(ctx.db, museum.id, role);
      cookie[role] = await officeLogin(app, museum.slug, user.email);
    }
    const theirs = await makeStaff(ctx.db, aquarium.id, 'owner');
    cookie.otherOwner = await officeLogin(app, aquarium.slug, theirs.email);
  });
  afterAll(() => app.close());

  const find = (q: string, who = cookie.box_office) =>
    officeCall(app, { path: `member?q=${encodeURIComponent(q)}`, slug: museum.slug, cookie: who });
  const write = (who: string, method: 'POST' | 'PATCH', path: string, body: object) =>
    officeCall(app, { method, path, slug: museum.slug, cookie: who, body });
  const termRow = async (id: string) =>
    (await ctx.db.select().from(membership).where(eq(membership.id, id)))[0]!;

  it('finds a member by name, e-mail or card number, with terms and auto-renew', async () => {
    for (const q of ['lovelace', 'ADA.LOVE', 'Ada Love', 'dm-1001']) {
      const res = await find(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      const body = officeMembersResponseSchema.parse(res.json());
      expect(body.member._data, q).toHaveLength(1);
      expect(body.member._data[0]!.terms).toEqual([
        expect.objectContaining({
          id: term.id,
          member_code: 'DM-1001',
          level: 'Family',
          auto_renew_state: 'scheduled',
          benefits: { '*': 4 },
          benefits_used: {},
          ticket_type_names: {},
          current: true,
          upcoming: false,
          renewed: false,
        }),
      ]);
    }
    // a wildcard typed is a letter; a part of a card number is not a card number
    expect((await find('%%')).json().member._data).toEqual([]);
    expect((await find('DM-10')).json().member._data).toEqual([]);
    expect((await find('a')).statusCode).toBe(400);
    expect((await find('lovelace', cookie.owner)).statusCode).toBe(200);
    expect((await find('lovelace', cookie.door)).statusCode).toBe(403);
    expect((await find('lovelace', cookie.otherOwner)).statusCode).toBe(401);
  });

  it('counts the members-only tickets a member booked within each term, by type', async () => {
    // decision 0105: booked or redeemed, reserved while the term ran; never cancelled, held,
    // public or membership tickets, and never those of another term
    const mornings = await makeEvent(ctx.db, museum, { name: 'Members’ mornings' });
    const members = await makeTicketGroup(ctx.db, mornings, { hiddenType: 'public_member_only' });
    const adult = await typeIn(ctx.db, mornings, members);
    const child = await typeIn(ctx.db, mornings, members);
    const publicType = await typeOf(ctx.db, mornings);
    // members-only mode: every group of the event is for members, but not the membership's own
    const preview = await makeEvent(ctx.db, museum, { hiddenType: 'public_member_only' });
    const previewType = await typeOf(ctx.db, preview);
    const level = await typeOf(ctx.db, preview, { handler: 'membership' });
    const theirType = await typeOf(ctx.db, await makeEvent(ctx.db, aquarium));
    const mary = await makeUser(ctx.db, museum, { firstName: 'Mary', lastName: 'Somerville' });
    const earlier = await makeMembership(ctx.db, mary, NOW, {
      validFrom: new Date('2027-07-01T04:00:00Z'),
      validTo: new Date('2028-07-01T04:00:00Z'),
    });
    const current = await makeMembership(ctx.db, mary, NOW, {
      // another seller's type id is never named
      benefits: { '*': 2, [publicType.id]: 1, [theirType.id]: 1 },
      validFrom: new Date('2028-07-01T04:00:00Z'),
      validTo: new Date('2029-07-01T04:00:00Z'),
      previousMembershipId: earlier.id,
    });
    const inTerm = new Date('2029-03-10T15:00:00Z');
    await sellTo(ctx.db, mary, adult, inTerm, 'booked', 2);
    // the instant the renewal begins is the renewal's, the second before it the earlier term's
    await sellTo(ctx.db, mary, child, new Date('2028-07-01T04:00:00Z'), 'redeemed');
    await sellTo(ctx.db, mary, previewType, inTerm, 'booked');
    await sellTo(ctx.db, mary, adult, new Date('2028-07-01T03:59:59Z'), 'booked');
    await sellTo(ctx.db, mary, child, inTerm, 'cancelled');
    await sellTo(ctx.db, mary, child, inTerm, 'unbooked');
    await sellTo(ctx.db, mary, child, inTerm, 'in_cart'); // held, not yet bought
    await sellTo(ctx.db, mary, publicType, inTerm, 'booked');
    await sellTo(ctx.db, mary, level, inTerm, 'booked');
    const terms = officeMembersResponseSchema.parse((await find('somerville')).json()).member
      ._data[0]!.terms;
    const usedOf = (id: string) => terms.find((t) => t.id === id)?.benefits_used;
    expect(usedOf(current.id)).toEqual({ [adult.id]: 2, [child.id]: 1, [previewType.id]: 1 });
    expect(usedOf(earlier.id)).toEqual({ [adult.id]: 1 });
    // the names the office shows beside the ids, of the benefits' types and the used ones
    const namesOf = (id: string) => terms.find((t) => t.id === id)?.ticket_type_names;
    expect(namesOf(current.id)).toEqual(
      Object.fromEntries([adult, child, previewType, publicType].map((k) => [k.id, k.name])),
    );
    expect(namesOf(earlier.id)).toEqual({ [adult.id]: adult.name });
  });

  it('refuses door, strangers and another seller’s term on every write, changing nothing', async () => {
    const writes = [
      ['POST', `membership/${term.id}/auto_renew_cancel`, { reason: 'asked' }],
      ['POST', `membership/${term.id}/card_resend`, { reason: 'asked' }],
      ['PATCH', `membership/${term.id}`, { valid_to: '2029-12-01T05:00:00Z', reason: 'asked' }],
    ] as const;
    for (const [method, path, body] of writes) {
      expect((await write(cookie.door, method, path, body)).statusCode, path).toBe(403);
      expect((await write(cookie.otherOwner, method, path, body)).statusCode, path).toBe(401);
      // the museum's owner naming the aquarium's term
      const cross = await write(cookie.owner, method, path.replace(term.id, theirTerm.id), body);
      expect(cross.statusCode, path).toBe(404);
    }
    expect(await termRow(term.id)).toMatchObject({
      autoRenewState: 'scheduled',
      validTo: term.validTo,
    });
    expect(await termRow(theirTerm.id)).toMatchObject({ autoRenewState: 'scheduled' });
  });

  it('cancels auto-renew with a reason: the holder is mailed, the change audited', async () => {
    const noReason = await write(
      cookie.box_office,
      'POST',
      `membership/${term.id}/auto_renew_cancel`,
      {},
    );
    expect(noReason.statusCode).toBe(400);
    const res = await write(cookie.box_office, 'POST', `membership/${term.id}/auto_renew_cancel`, {
      reason: 'phoned in',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member._data[0].terms[0]).toMatchObject({ auto_renew_state: 'cancelled' });
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.sellerId, museum.id), eq(outbox.kind, 'auto_renew_cancelled')));
    expect(mails.map((m) => m.toAddress)).toEqual(['ada.lovelace@example.test']);
    const [record] = await auditOf(ctx.db, museum.id, 'membership.auto_renew_cancel');
    expect(record).toMatchObject({
      target: `membership:${term.id}`,
      reason: 'phoned in',
      after: { auto_renew_state: 'cancelled' },
    });
    // a second cancel is the member's 422, and no second record
    const again = await write(
      cookie.box_office,
      'POST',
      `membership/${term.id}/auto_renew_cancel`,
      {
        reason: 'again',
      },
    );
    expect(again.statusCode).toBe(422);
    expect(await auditOf(ctx.db, museum.id, 'membership.auto_renew_cancel')).toHaveLength(1);
  });

  it('says which terms are current, which start later and which have ended', async () => {
    const grace = await makeUser(ctx.db, museum, { firstName: 'Grace', lastName: 'Hopper' });
    const ended = await makeMembership(ctx.db, grace, NOW, {
      validFrom: new Date('2027-06-01T04:00:00Z'),
      validTo: new Date('2028-06-01T04:00:00Z'),
    });
    const ahead = await makeMembership(ctx.db, grace, NOW, {
      validFrom: new Date('2029-06-01T16:00:01Z'),
      validTo: new Date('2030-06-01T04:00:00Z'),
    });
    const terms = officeMembersResponseSchema.parse((await find('hopper')).json()).member._data[0]!
      .terms;
    const flags = (id: string) => {
      const t = terms.find((x) => x.id === id)!;
      return { current: t.current, upcoming: t.upcoming };
    };
    expect(flags(ended.id)).toEqual({ current: false, upcoming: false });
    expect(flags(ahead.id)).toEqual({ current: false, upcoming: true });
  });

  it('resends the card to the holder, audited', async () => {
    const res = await write(cookie.owner, 'POST', `membership/${term.id}/card_resend`, {
      reason: 'lost card',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.sellerId, museum.id), eq(outbox.kind, 'membership_resend')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('ada.lovelace@example.test');
    expect(mails[0]!.textBody).toContain('DM-1001');
    expect(await auditOf(ctx.db, museum.id, 'membership.card_resend')).toEqual([
      expect.objectContaining({ target: `membership:${term.id}`, reason: 'lost card' }),
    ]);
  });

  it('extends a term to a later end only, audited with before and after', async () => {
    const earlier = await write(cookie.box_office, 'PATCH', `membership/${term.id}`, {
      valid_to: '2029-06-15T04:00:00Z',
      reason: 'x',
    });
    expect(earlier.statusCode).toBe(400);
    const res = await write(cookie.box_office, 'PATCH', `membership/${term.id}`, {
      valid_to: '2029-08-01T04:00:00Z',
      reason: 'closed for a month',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member._data[0].terms[0].valid_to).toBe('2029-08-01T04:00:00.000Z');
    expect((await termRow(term.id)).validTo.toISOString()).toBe('2029-08-01T04:00:00.000Z');
    expect(await auditOf(ctx.db, museum.id, 'membership.extend')).toEqual([
      expect.objectContaining({
        before: { valid_to: '2029-07-01T04:00:00.000Z' },
        after: { valid_to: '2029-08-01T04:00:00.000Z' },
        reason: 'closed for a month',
      }),
    ]);
  });
});
