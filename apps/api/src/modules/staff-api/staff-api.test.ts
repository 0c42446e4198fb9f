import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import {
  staffApiKeyCreatedSchema,
  staffApiKeysResponseSchema,
  staffImportResultSchema,
  staffSellerFileSchema,
} from '@admit/contracts/staff-api';
import { catalogKey } from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';
import { eventSession } from '@/db/schema/sessions';
import { tourShopFile } from '@/modules/seller-file/seller-file.test-kit';
import { makeApiKey } from '@/modules/check-in/check-in-test-kit';
import { buyOrder } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';

/**
 * The seller API's staff routes (decision 0074): the staff key opens them, a door-scanner key
 * is a 403 and anything else a 401, in the envelope; keys made and revoked; the orders export;
 * the seller file out and in, a dry run changing nothing, and a refusal of what has tickets.
 */

const NOW = new Date('2026-03-01T15:00:00Z');
const STAFF_KEY = 'test-staff-key-0123456789-0123456789';

const shop = (closed?: string[]) =>
  tourShopFile({ slug: 'staff-shop', name: 'Staff Shop', aheadDays: 5, closed });

describeEachDatabase('staff API: /admin/api/staff/…', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { STAFF_KEY, MAIL_POLL_MS: '0' } });
  });
  afterAll(() => app.close());

  const staff = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { key?: string | null; body?: object } = {},
  ) =>
    app.inject({
      method,
      url: `/admin/api/staff/${path}`,
      headers: options.key === null ? {} : { authorization: `Bearer ${options.key ?? STAFF_KEY}` },
      ...(options.body ? { payload: options.body } : {}),
    });
  const firstError = (res: LightMyRequestResponse) =>
    errorEnvelopeSchema.parse(res.json())._data[0]!;
  const importFile = (text: string, dryRun: boolean) =>
    staff('POST', `seller_file?dry_run=${dryRun}`, {
      body: { file_name: 'shop.yaml', text, pictures: [] },
    });

  it('answers 401 without the staff key and 403 to a door-scanner key, before reading the request', async () => {
    const scene = await makeReserveScene(ctx.db);
    const scanner = (await makeApiKey(ctx.db, scene.seller.slug)).key;
    const paths = [
      ['GET', `api_keys?_seller=${scene.seller.slug}`],
      ['POST', `api_keys?_seller=no-such-seller`],
      ['GET', `orders?_seller=${scene.seller.slug}`],
      ['POST', 'seller_file?dry_run=true'],
      ['POST', `office_staff?_seller=${scene.seller.slug}`],
    ] as const;
    for (const [method, path] of paths) {
      for (const key of [null, 'wrong-key', `${STAFF_KEY}x`]) {
        const res = await staff(method, path, { key, body: { not: 'read' } });
        expect(res.statusCode, `${method} ${path} ${key}`).toBe(401);
        expect(firstError(res)._code).toBe('not_authorized');
      }
      const res = await staff(method, path, { key: scanner, body: { not: 'read' } });
      expect(res.statusCode).toBe(403);
      expect(firstError(res)).toMatchObject({ _code: 'forbidden', _context: 'staff_key' });
    }
  });

  it('adds a back-office staff user (decision 0083), audited as the CLI; 409 for a taken e-mail', async () => {
    const scene = await makeReserveScene(ctx.db);
    const body = { email: 'boss@staff-shop.example', password: 'Owner-pass-1', role: 'owner' };
    const res = await staff('POST', `office_staff?_seller=${scene.seller.slug}`, { body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staff_user).toMatchObject({
      email: body.email,
      role: 'owner',
      disabled: false,
    });
    expect(res.body).not.toContain('Owner-pass-1');
    const again = await staff('POST', `office_staff?_seller=${scene.seller.slug}`, {
      body: { ...body, email: 'BOSS@staff-shop.example' },
    });
    expect(again.statusCode).toBe(409);
    const missing = await staff('POST', 'office_staff?_seller=no-such-seller', { body });
    expect(missing.statusCode).toBe(404);
  });

  it('creates, lists and revokes door-scanner keys; a revoked key no longer opens the door', async () => {
    const scene = await makeReserveScene(ctx.db);
    const slug = scene.seller.slug;
    const made = await staff('POST', `api_keys?_seller=${slug}`, { body: { name: 'East door' } });
    expect(made.statusCode, made.body).toBe(200);
    const { key, api_key } = staffApiKeyCreatedSchema.parse(made.json());
    const door = () =>
      app.inject({ url: '/admin/api/api_key', headers: { authorization: `Bearer ${key}` } });
    expect((await door()).statusCode).toBe(200);

    const listed = staffApiKeysResponseSchema.parse(
      (await staff('GET', `api_keys?_seller=${slug}`)).json(),
    );
    expect(listed.api_keys).toEqual([
      expect.objectContaining({ id: api_key.id, name: 'East door', revoked_at: null }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(key);

    const revoked = await staff('DELETE', `api_keys/${api_key.id}?_seller=${slug}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ api_key: { revoked_at: NOW.toISOString() } });
    expect((await door()).statusCode).toBe(401);

    // another seller's key, an unknown id, an empty name, an unknown seller
    const other = await makeReserveScene(ctx.db);
    const refusals: [LightMyRequestResponse, number, string][] = [
      [
        await staff('DELETE', `api_keys/${api_key.id}?_seller=${other.seller.slug}`),
        404,
        'not_found',
      ],
      [await staff('DELETE', `api_keys/nope?_seller=${slug}`), 404, 'not_found'],
      [
        await staff('POST', `api_keys?_seller=${slug}`, { body: { name: ' ' } }),
        400,
        'validation_failed',
      ],
      [await staff('GET', 'api_keys?_seller=no-such-seller'), 404, 'seller_not_found'],
    ];
    for (const [res, status, code] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(firstError(res)._code).toBe(code);
    }
  });

  it('exports the orders as the CLI writes them: CSV, one row per ticket', async () => {
    const scene = await makeReserveScene(ctx.db, { type: { amount: 0 } });
    const bought = await buyOrder(app, scene, 2);
    const res = await staff('GET', `orders?_seller=${scene.seller.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toMatch(/^order_number,order_id,placed_at,/);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toContain(bought.orderId);
    expect(res.headers['x-admit-tickets']).toBe('2');

    const json = await staff('GET', `orders?_seller=${scene.seller.slug}&format=json`);
    expect(json.json()).toMatchObject({ ticket_order: { _count: 1 }, ticket: { _count: 2 } });
    const bad = await staff('GET', `orders?_seller=${scene.seller.slug}&since=yesterday`);
    expect(bad.statusCode).toBe(400);
  });

  it('plans an import in a dry run without writing, imports it, and exports it back', async () => {
    const dry = await importFile(shop(), true);
    expect(dry.statusCode, dry.body).toBe(200);
    const planned = staffImportResultSchema.parse(dry.json());
    expect(planned).toMatchObject({ seller: 'staff-shop', dry_run: true, refusals: [] });
    expect(planned.changes.length).toBeGreaterThan(0);
    expect(await ctx.db.select().from(seller).where(eq(seller.slug, 'staff-shop'))).toEqual([]);

    const real = await importFile(shop(), false);
    expect(real.statusCode, real.body).toBe(200);
    expect(staffImportResultSchema.parse(real.json()).changes).toEqual(planned.changes);
    expect(await ctx.db.select().from(seller).where(eq(seller.slug, 'staff-shop'))).toHaveLength(1);
    expect(staffImportResultSchema.parse((await importFile(shop(), true)).json()).changes).toEqual(
      [],
    );

    const exported = await staff('GET', 'seller_file?_seller=staff-shop');
    expect(exported.statusCode).toBe(200);
    const file = staffSellerFileSchema.parse(exported.json());
    expect(file.file_name).toBe('staff-shop.yaml');
    expect(file.text).toContain('slug: staff-shop');
    expect(
      staffImportResultSchema.parse((await importFile(file.text, true)).json()).changes,
    ).toEqual([]);
    expect((await staff('GET', 'seller_file?_seller=no-such-seller')).statusCode).toBe(404);
  });

  it('names a bad file’s problems as file:line, and refuses to remove a session with a ticket', async () => {
    const broken = await importFile(shop().replace('currency: EUR', 'currency: 12'), true);
    expect(broken.statusCode).toBe(400);
    const problem = firstError(broken);
    expect(problem._code).toBe('validation_failed');
    expect(problem._extra).toMatchObject({
      problems: [expect.stringMatching(/^shop\.yaml:4 {2}seller\.currency: /)],
    });

    // a ticket held on 3 March at 11:00, which the changed file closes
    const [session] = await ctx.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.startDatetime, new Date('2026-03-03T11:00:00Z')));
    const [type] = await ctx.db
      .select({ id: catalogKey.resourceId })
      .from(catalogKey)
      .where(and(eq(catalogKey.kind, 'ticket_type'), eq(catalogKey.key, 'tours/tour/adult')));
    const held = bundleOf(
      await cartCall(
        app,
        { slug: 'staff-shop' },
        {
          method: 'POST',
          path: 'my/cart/modify',
          body: {
            add: [
              {
                event_session_id: session!.id,
                ticket_types_required: [{ ticket_type_id: type!.id, quantity: 1 }],
              },
            ],
          },
        },
      ),
    );
    expect(held.ticket!._data).toHaveLength(1);

    const closing = shop(['2026-03-03']);
    const dry = staffImportResultSchema.parse((await importFile(closing, true)).json());
    expect(dry.refusals).toEqual([
      expect.stringMatching(/^session tours\/daily 2026-03-03 11:00 has 1 ticket/),
    ]);
    const real = await importFile(closing, false);
    expect(real.statusCode).toBe(409);
    expect(firstError(real)).toMatchObject({
      _code: 'conflict',
      _context: 'seller_file',
      _extra: { refusals: dry.refusals },
    });
    const still = await ctx.db.select().from(eventSession).where(eq(eventSession.id, session!.id));
    expect(still).toHaveLength(1);
  });
});
