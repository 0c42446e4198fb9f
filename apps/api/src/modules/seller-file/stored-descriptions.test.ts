import type { FastifyInstance } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartBundleSchema } from '@admit/contracts/cart';
import { sellerConfigResponseSchema } from '@admit/contracts/seller-config';
import { eventTemplate, meta, ticketType } from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';
import { eventSession } from '@/db/schema/sessions';
import { withRetryingTransaction } from '@/db/transaction';
import { buildTestApp } from '@/testing/build-test-app';
import { cartCall, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMeta, makeSeller } from '@/testing/factories';
import { makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';
import { parseSellerFile } from './parse-file';
import { sanitizeStoredDescriptions } from './sanitize-stored-descriptions';
import { tourShopFile } from './seller-file.test-kit';
import { importInTransaction, importSellerFile } from './service';

/**
 * Every way the seller's markup is stored leaves it sanitised (decision 0086): the event
 * description, the content blocks' `html` and the checkout's terms (`portal_terms` meta), by
 * the seller file (the CLI's importSellerFile), the staff API's import, the office's import,
 * the demo seed's importInTransaction, and the start-up step for rows stored before; the API
 * then serves only the sanitised markup (the event, the seller config, the cart bundle).
 */

const NOW = new Date('2026-03-01T15:00:00Z');
const STAFF_KEY = 'test-staff-key-0123456789-0123456789';

const DIRTY =
  '<p onclick="steal()">Visit <img src="x" onerror="steal()"><script>steal()</script>' +
  '<a href="javascript:steal()">here</a> <a href=" JaVa&#x09;ScRiPt:steal()">or here</a>' +
  '<svg><circle onload="steal()"/></svg><b>today</b></p>';
const CLEAN = '<p>Visit <img src="x"><a>here</a> <a>or here</a><b>today</b></p>';
const UNSAFE = /<script|\son\w+\s*=|javascript:/i;
const dirtyBlock = { id: 'welcome', route: 'home', roles: ['anonymous'], position: 'top' };

/** The tour shop with the dirty markup in every field drawn as HTML. */
const fileWithDescription = (slug: string) =>
  tourShopFile({ slug })
    .replace(
      '    type: repeating\n',
      `    type: repeating\n    description: ${JSON.stringify(DIRTY)}\n`,
    )
    .replace(
      '  timezone: Europe/Dublin\n',
      '  timezone: Europe/Dublin\n' +
        `  settings:\n    content_blocks:\n      - ${JSON.stringify({ ...dirtyBlock, html: DIRTY })}\n` +
        `  meta:\n    portal_terms: ${JSON.stringify(DIRTY)}\n`,
    );

describeEachDatabase('seller markup is stored sanitised by every write path', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { STAFF_KEY, MAIL_POLL_MS: '0' } });
  });
  afterAll(() => app.close());

  const sellerOf = async (slug: string) =>
    (await ctx.db.select().from(seller).where(eq(seller.slug, slug)))[0]!;
  const storedOf = async (slug: string) => {
    const row = await sellerOf(slug);
    const [event] = await ctx.db
      .select({ id: eventTemplate.id, description: eventTemplate.description })
      .from(eventTemplate)
      .where(eq(eventTemplate.sellerId, row.id));
    const [terms] = await ctx.db
      .select({ value: meta.value })
      .from(meta)
      .where(and(eq(meta.resourceId, row.id), eq(meta.key, 'portal_terms')));
    const config = row.config as { content_blocks: { html: string }[] };
    return {
      eventId: event!.id,
      fields: {
        description: event!.description,
        block: config.content_blocks[0]!.html,
        terms: terms!.value,
      },
    };
  };
  const servedOf = async (slug: string, eventId: string) => {
    const event = await app.inject(`/api/events/${eventId}?_seller=${slug}`);
    expect(event.statusCode, event.body).toBe(200);
    const config = await app.inject(`/api/seller_config?_seller=${slug}`);
    expect(config.statusCode, config.body).toBe(200);
    const [session] = await ctx.db
      .select({ id: eventSession.id })
      .from(eventSession)
      .where(and(eq(eventSession.eventTemplateId, eventId), gt(eventSession.startDatetime, NOW)))
      .limit(1);
    const [type] = await ctx.db
      .select({ id: ticketType.id })
      .from(ticketType)
      .innerJoin(seller, eq(seller.id, ticketType.sellerId))
      .where(eq(seller.slug, slug));
    const cart = await cartCall(
      app,
      { slug },
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
    );
    expect(cart.statusCode, cart.body).toBe(201);
    return {
      description: (event.json() as { event_template: { _data: { description: string }[] } })
        .event_template._data[0]!.description,
      block: sellerConfigResponseSchema.parse(config.json()).seller_config._data[0]!
        .content_blocks[0]!.html,
      terms: cartBundleSchema.parse(cart.json()).meta._data.find((m) => m.key === 'portal_terms')
        ?.value,
    };
  };
  const expectClean = async (slug: string) => {
    const stored = await storedOf(slug);
    expect(stored.fields).toEqual({ description: CLEAN, block: CLEAN, terms: CLEAN });
    const served = await servedOf(slug, stored.eventId);
    expect(served).toEqual({ description: CLEAN, block: CLEAN, terms: CLEAN });
    for (const text of Object.values(served)) expect(text).not.toMatch(UNSAFE);
  };
  const staffImport = (slug: string) =>
    app.inject({
      method: 'POST',
      url: '/admin/api/staff/seller_file?dry_run=false',
      headers: { authorization: `Bearer ${STAFF_KEY}` },
      payload: { file_name: `${slug}.yaml`, text: fileWithDescription(slug), pictures: [] },
    });

  it('the seller file (CLI), and a second import of it changes nothing', async () => {
    const file = parseSellerFile(fileWithDescription('cli-shop'), 'cli-shop.yaml');
    expect(file.events![0]!.description).toMatch(UNSAFE);
    expect(file.seller.settings!.content_blocks![0]!.html).toMatch(UNSAFE);
    expect(file.seller.meta!.portal_terms).toMatch(UNSAFE);
    await importSellerFile(ctx.db, file, { now: NOW, images: new Map() });
    await expectClean('cli-shop');
    const again = await importSellerFile(ctx.db, file, {
      now: NOW,
      images: new Map(),
      dryRun: true,
    });
    expect(again.plan.changes).toEqual([]);
  });

  it('the staff API import', async () => {
    const res = await staffImport('api-shop');
    expect(res.statusCode, res.body).toBe(200);
    await expectClean('api-shop');
  });

  it("the office's catalogue import (the owner's, into the seller it has)", async () => {
    const slug = 'office-shop';
    const owned = await makeSeller(ctx.db, {
      slug,
      name: 'Small Shop',
      currency: 'EUR',
      timezone: 'Europe/Dublin',
    });
    const owner = await makeStaff(ctx.db, owned.id, 'owner');
    const res = await officeCall(app, {
      method: 'POST',
      path: 'seller_file',
      slug,
      cookie: await officeLogin(app, slug, owner.email),
      body: {
        file_name: `${slug}.yaml`,
        text: fileWithDescription(slug),
        pictures: [],
        dry_run: false,
        reason: 'descriptions',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectClean(slug);
  });

  it("the demo seed's import (in the caller's transaction)", async () => {
    const file = parseSellerFile(fileWithDescription('seed-shop'), 'seed-shop.yaml');
    await withRetryingTransaction(ctx.db, (tx) =>
      importInTransaction(tx, file, { now: NOW, images: new Map() }),
    );
    await expectClean('seed-shop');
  });

  it('rows stored before are sanitised once at start-up', async () => {
    const scene = await makeReserveScene(ctx.db, {
      sellerConfig: { content_blocks: [{ ...dirtyBlock, html: DIRTY }] },
      session: { startDatetime: new Date('2026-03-10T11:00:00Z') },
    });
    await ctx.db
      .update(eventTemplate)
      .set({ description: DIRTY })
      .where(eq(eventTemplate.id, scene.event.id));
    const owner = { id: scene.seller.id, sellerId: scene.seller.id };
    await makeMeta(ctx.db, owner, 'seller', 'portal_terms', DIRTY);
    expect(await sanitizeStoredDescriptions(ctx.db)).toBeGreaterThanOrEqual(2);
    await expectClean(scene.seller.slug);
    // marked: the next start rewrites nothing
    expect(await sanitizeStoredDescriptions(ctx.db)).toBe(0);
  });
});
