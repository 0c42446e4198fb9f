import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { firstError } from '@/testing/responses';

const START = new Date('2029-06-01T12:00:00Z');

// spec: shopping §7 "Generic client: requests go to … the live path … with _seller, _embed and
// _limit query parameters": a seed-product client sends the cart read's embeds and limit on
// every cart call, the writes too, and reads the bundle's sibling collections by resource type
const EMBED =
  'identity,ticket,ticket_type,ticket_group,event_session,event_template,venue,config,meta,scheduled_payment,seller,ticket_order';
const GENERIC = `_embed=${EMBED}&_limit=1000`;

describeEachDatabase('cart calls as the generic client makes them (shopping §7)', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: START });
    scene = await makeReserveScene(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });

  // a guest's cart: the public identity's, so no session cookie
  it('every cart write takes the generic _embed and _limit and answers the bundle', async () => {
    const made = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      query: GENERIC,
      body: addBody(scene, 2, { campaign: 'spring', preloadedPromoCodes: [] }),
    });
    expect(made.statusCode).toBe(201);
    const created = bundleOf(made);
    const cartId = created.cart._data[0]!.id;
    const [first, second] = created.ticket._data.map((t) => t.id);

    const calls = [
      {
        method: 'POST' as const,
        path: `my/cart/${cartId}/modify`,
        body: addBody(scene, 1, { preReservePromoCodes: [], additionalInfo: {} }),
      },
      { method: 'POST' as const, path: `cart/${cartId}/modify`, body: addBody(scene, 1) },
      { method: 'POST' as const, path: `cart/${cartId}/remove`, body: { tickets: [first] } },
      {
        method: 'POST' as const,
        path: `cart/${cartId}/modify`,
        body: { remove: { tickets: [second] } },
      },
    ];
    for (const call of calls) {
      const res = await cartCall(app, scene.seller, { ...call, query: GENERIC });
      expect(res.statusCode, `${call.method} ${call.path}: ${res.body}`).toBe(200);
      expect(bundleOf(res).cart._data[0]!.id).toBe(cartId);
    }
    const deleted = await cartCall(app, scene.seller, {
      method: 'DELETE',
      path: `cart/${cartId}`,
      query: GENERIC,
    });
    expect(deleted.statusCode).toBe(204);
  });

  // spec: shopping §7 "POST my/cart/modify | no cart yet: campaign query values, …": the
  // generic client sends the landing's campaign in the query, the storefront in the body
  it('takes `campaign` in the query as in the body; the body wins when both name one', async () => {
    const modify = (path: string, query: string, body = addBody(scene, 1)) =>
      cartCall(app, scene.seller, { method: 'POST', path, query: `${GENERIC}&${query}`, body });

    const made = await modify('my/cart/modify', 'campaign=winter-poster');
    expect(made.statusCode, made.body).toBe(201);
    const cart = bundleOf(made).cart._data[0]!;
    expect(cart.campaign).toBe('winter-poster');

    const both = await modify(
      'my/cart/modify',
      'campaign=from-query',
      addBody(scene, 1, { campaign: 'from-body' }),
    );
    expect(bundleOf(both).cart._data[0]!.campaign).toBe('from-body');

    // an existing cart keeps the campaign it was made with, whichever way a later modify names one
    for (const path of [`my/cart/${cart.id}/modify`, `cart/${cart.id}/modify`]) {
      const res = await modify(path, 'campaign=later');
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(bundleOf(res).cart._data[0]!.campaign).toBe('winter-poster');
    }

    // the query's campaign is held to the body's rule (at most 100 characters) …
    const long = await modify('my/cart/modify', `campaign=${'c'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(firstError(long.json())).toMatchObject({
      _code: 'validation_failed',
      _extra: expect.objectContaining({ field: 'campaign' }),
    });
    // … and any other parameter is still refused by name
    const stray = await modify('my/cart/modify', 'campain=typo');
    expect(stray.statusCode).toBe(400);
    expect(firstError(stray.json())).toMatchObject({ _extra: { field: 'campain' } });
  });

  // spec: shopping §3 "A cart response bundle also carries … identity …", §7 GET my/cart/{id}
  // "embeds identity, ticket, …": the cart's owner, joined by the cart's identity_id
  it('answers the cart owner as `identity`, joined by identity_id, on reads and writes', async () => {
    const made = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        query: GENERIC,
        body: addBody(scene, 1),
      }),
    );
    const guestCart = made.cart._data[0]!;
    expect(made.identity?._data).toEqual([
      expect.objectContaining({ id: guestCart.identity_id, email: null, first_name: null }),
    ]);
    const read = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'GET',
        path: `cart/${guestCart.id}`,
        query: GENERIC,
      }),
    );
    expect(read.identity).toEqual(made.identity);

    const member = await makeUser(ctx.db, scene.seller, {
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const token = (await app.sessions.createSession(member.id, scene.seller.id)).token;
    const memberMade = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        query: GENERIC,
        body: addBody(scene, 1),
        token,
      }),
    );
    const memberCart = memberMade.cart._data[0]!;
    expect(memberCart.identity_id).toBe(member.id);
    const owner = expect.objectContaining({
      id: member.id,
      email: 'ada@example.org',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect(memberMade.identity?._data).toEqual([owner]);
    const memberRead = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'GET',
        path: `my/cart/${memberCart.id}`,
        query: GENERIC,
        token,
      }),
    );
    expect(memberRead.identity?._data).toEqual([owner]);
  });
});
