import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GIFT_TO_SELF_MESSAGE, gifteeResponseSchema } from '@admit/contracts/gift';
import { identity } from '@/db/schema/identity';
import { buildTestApp } from '@/testing/build-test-app';
import {
  addBody,
  bundleOf,
  cartCall,
  errorOf,
  makeReserveScene,
  type ReserveScene,
} from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';

const START = new Date('2029-06-01T12:00:00Z');
const GRACE = { first_name: ' Grace ', last_name: 'Hopper', email: 'Grace@Example.org' };

describeEachDatabase('giftee: POST giftee and the cart giftee (PATCH, bundle)', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let clock = START;
  let memberToken: string;
  let strangerToken: string;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    await makeUser(ctx.db, scene.seller, { email: 'member@example.org' }).then(async (m) => {
      memberToken = (await app.sessions.createSession(m.id, scene.seller.id)).token;
    });
    await makeUser(ctx.db, scene.seller, { email: 'stranger@example.org' }).then(async (m) => {
      strangerToken = (await app.sessions.createSession(m.id, scene.seller.id)).token;
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const postGiftee = (body: unknown, token?: string) =>
    cartCall(app, scene.seller, { method: 'POST', path: 'giftee', body, token });
  const gifteeId = async (body: unknown = GRACE) => {
    const res = await postGiftee(body);
    expect(res.statusCode, res.body).toBe(201);
    return gifteeResponseSchema.parse(res.json()).identity._data[0]!.id;
  };
  const newCart = async (token?: string) =>
    bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 1),
        token,
      }),
    ).cart._data[0]!;
  const patch = (path: string, body: unknown, token?: string) =>
    cartCall(app, scene.seller, { method: 'PATCH', path, body, token });

  // spec: shopping §7 and identity §7 POST giftee "body first_name, last_name, email,
  // additional_info; reads identity_id": a seed-product client reads the id by that name
  it('answers the identity_id a client reads, joined to the identity it names', async () => {
    const res = await postGiftee({
      first_name: 'Ida',
      last_name: 'Wells',
      email: 'ida@example.org',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = (res.json() as { identity: { _data: { id: string; identity_id?: string }[] } })
      .identity._data;
    expect(row!.identity_id).toBe(row!.id);
    const c = await newCart();
    const set = bundleOf(await patch(`cart/${c.id}`, { giftee_identity_id: row!.identity_id }));
    expect(set.giftee?._data.map((g) => g.id)).toEqual([row!.id]);
  });

  // spec: shopping §7 "Generic client: requests go to … the live path … with _seller, _embed and
  // _limit": a seed-product client sends the cart calls' embeds on POST giftee too
  it("takes the generic client's _embed and _limit, and still refuses an unknown embed", async () => {
    const embed =
      'identity,ticket,ticket_type,ticket_group,event_session,event_template,venue,config,meta,scheduled_payment,seller,ticket_order';
    // not Grace: the next test makes her
    const body = { first_name: 'Mary', last_name: 'Jackson', email: 'mary@example.org' };
    const call = (query: string) =>
      cartCall(app, scene.seller, { method: 'POST', path: 'giftee', query, body });
    const res = await call(`_embed=${embed}&_limit=1000`);
    expect(res.statusCode, res.body).toBe(201);
    expect(gifteeResponseSchema.parse(res.json()).identity._data[0]!.email).toBe(body.email);
    const stray = await call('_embed=identity,payment_method');
    expect(stray.statusCode).toBe(400);
    expect(errorOf(stray)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: '_embed' },
    });
  });

  it('creates a passwordless identity for the giftee, then finds it by e-mail (any case)', async () => {
    const res = await postGiftee({ ...GRACE, additional_info: { note: 'for her birthday' } });
    expect(res.statusCode, res.body).toBe(201);
    const created = gifteeResponseSchema.parse(res.json()).identity._data[0]!;
    expect(created).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'Grace@Example.org',
    });
    const [row] = await ctx.db.select().from(identity).where(eq(identity.id, created.id));
    expect(row).toMatchObject({ kind: 'user', passwordHash: null, sellerId: scene.seller.id });
    expect(row!.meta).toEqual({ note: 'for her birthday' });
    // the same person again, whoever asks: no second identity, and her row is not rewritten
    const again = await postGiftee(
      { ...GRACE, email: 'grace@example.ORG', additional_info: { note: 'x' } },
      memberToken,
    );
    expect(again.statusCode).toBe(201);
    expect(gifteeResponseSchema.parse(again.json()).identity._data[0]!.id).toBe(created.id);
    const [after] = await ctx.db.select().from(identity).where(eq(identity.id, created.id));
    expect(after!.meta).toEqual({ note: 'for her birthday' });
  });

  it.each([
    ['first_name', { ...GRACE, first_name: '  ' }],
    ['last_name', { ...GRACE, last_name: 'x'.repeat(101) }],
    ['email', { ...GRACE, email: 'grace@localhost' }],
    ['email', { ...GRACE, email: 'grace@example.org.' }],
    ['email', { ...GRACE, email: 'grace@example..org' }],
    ['email', { ...GRACE, email: `${'g'.repeat(250)}@example.org` }],
    ['email', { first_name: 'Grace', last_name: 'Hopper' }],
  ])('refuses a body with a bad %s (400 validation_failed)', async (field, body) => {
    const res = await postGiftee(body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ _code: 'validation_failed', _extra: { field } });
  });

  it('refuses a gift to oneself with the spec text (identity §5)', async () => {
    const res = await postGiftee({ ...GRACE, email: ' MEMBER@example.org' }, memberToken);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: 'validation_failed',
      _description: GIFT_TO_SELF_MESSAGE,
      _extra: { field: 'email' },
    });
    // a guest has no e-mail of its own yet: the same address is fine
    expect((await postGiftee({ ...GRACE, email: 'member@example.org' })).statusCode).toBe(201);
  });

  it('PATCH sets the giftee: the bundle carries meta `giftee` and the `giftee` collection; null clears it', async () => {
    const id = await gifteeId();
    const c = await newCart(memberToken);
    const set = bundleOf(await patch(`my/cart/${c.id}`, { giftee_identity_id: id }, memberToken));
    const giftee = { id, name: 'Grace Hopper', email: 'Grace@Example.org' };
    expect(set.giftee?._data).toEqual([giftee]);
    expect(set.meta._data.filter((m) => m.key === 'giftee')).toEqual([
      { id, resource: 'cart', resource_id: c.id, key: 'giftee', value: giftee },
    ]);
    // every later bundle of the cart carries it too
    const read = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'GET',
        path: `my/cart/${c.id}`,
        token: memberToken,
      }),
    );
    expect(read.giftee?._data).toEqual([giftee]);
    const cleared = bundleOf(
      await patch(`my/cart/${c.id}`, { giftee_identity_id: null }, memberToken),
    );
    expect(cleared.giftee?._data).toEqual([]);
    expect(cleared.meta._data.some((m) => m.key === 'giftee')).toBe(false);
  });

  it('a new cart’s modify naming the giftee stores her and answers her (the coalesced path too)', async () => {
    // made directly: POST giftee is rate-limited per address, and this file spends its allowance
    const { id } = await makeUser(ctx.db, scene.seller, { email: 'ada@example.org' });
    // one session, no limited group, no codes: the hold goes through hold-batch.ts
    const made = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 1, { giftee_identity_id: id }),
        token: memberToken,
      }),
    );
    expect(made.giftee?._data.map((g) => g.id)).toEqual([id]);
    const read = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'GET',
        path: `my/cart/${made.cart._data[0]!.id}`,
        token: memberToken,
      }),
    );
    expect(read.giftee?._data.map((g) => g.id)).toEqual([id]);
    expect(made).toEqual(read);
  });

  it('PATCH cart/{id} sets a guest cart’s giftee, and still extends the expiry with expires_at', async () => {
    const id = await gifteeId();
    const c = await newCart();
    const expiresAt = new Date(c.expires_at!).getTime();
    const later = new Date(expiresAt + 60_000).toISOString();
    // spec: shopping §4 — the extension is granted in the cart's last 60 s (decision 0025)
    clock = new Date(expiresAt - 30_000);
    const res = bundleOf(
      await patch(`cart/${c.id}`, { giftee_identity_id: id, expires_at: later }),
    );
    clock = START;
    expect(res.giftee?._data.map((g) => g.id)).toEqual([id]);
    expect(res.cart._data[0]!.expires_at).toBe(later);
    const bad = await patch(`cart/${c.id}`, {});
    expect(bad.statusCode).toBe(400);
  });

  it('a guest cart never shows the stored name of the person its giftee id names (issue #12)', async () => {
    await makeUser(ctx.db, scene.seller, {
      email: 'augusta@example.org',
      firstName: 'Augusta',
      lastName: 'Byron',
    });
    // a stranger finds Augusta's id by her e-mail, under names of their own choosing
    const id = await gifteeId({
      first_name: 'Any',
      last_name: 'Body',
      email: 'augusta@example.org',
    });
    const c = await newCart();
    const set = bundleOf(await patch(`cart/${c.id}`, { giftee_identity_id: id }));
    const giftee = { id, name: '', email: 'augusta@example.org' };
    expect(set.giftee?._data).toEqual([giftee]);
    expect(set.meta._data.find((m) => m.key === 'giftee')?.value).toEqual(giftee);
    const read = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `cart/${c.id}` }),
    );
    expect(JSON.stringify(read)).not.toMatch(/Augusta|Byron/);
  });

  it('PATCH refuses another identity’s cart, an unknown identity, oneself and an expired cart', async () => {
    const id = await gifteeId();
    const c = await newCart(memberToken);
    const other = await patch(`my/cart/${c.id}`, { giftee_identity_id: id }, strangerToken);
    expect(other.statusCode).toBe(404);
    const asGuest = await patch(`cart/${c.id}`, { giftee_identity_id: id });
    expect(asGuest.statusCode).toBe(404);
    const unknown = await patch(
      `my/cart/${c.id}`,
      { giftee_identity_id: '00000000-0000-4000-8000-000000000000' },
      memberToken,
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ _extra: { field: 'giftee_identity_id' } });
    // another seller's person is unknown here
    const elsewhere = await makeReserveScene(ctx.db);
    const foreign = await makeUser(ctx.db, elsewhere.seller, { email: 'foreign@example.org' });
    const foreignRes = await patch(
      `my/cart/${c.id}`,
      { giftee_identity_id: foreign.id },
      memberToken,
    );
    expect(foreignRes.statusCode).toBe(404);
    const [me] = await ctx.db
      .select()
      .from(identity)
      .where(eq(identity.email, 'member@example.org'));
    const self = await patch(`my/cart/${c.id}`, { giftee_identity_id: me!.id }, memberToken);
    expect(self.statusCode).toBe(422);
    expect(errorOf(self)._description).toBe(GIFT_TO_SELF_MESSAGE);
    clock = new Date(START.getTime() + 60 * 60_000);
    try {
      const expired = await patch(`my/cart/${c.id}`, { giftee_identity_id: id }, memberToken);
      expect(expired.statusCode).toBe(410);
      expect(errorOf(expired)._code).toBe('cart_expired');
    } finally {
      clock = START;
    }
  });
});
