import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  officeApiKeyCreatedResponseSchema,
  officeApiKeysResponseSchema,
  officeSellerFileImportResponseSchema,
  officeSellerFileResponseSchema,
} from '@admit/contracts/office-catalogue';
import { catalogKey, ticketType } from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';
import { eventSession } from '@/db/schema/sessions';
import { sellerApiKey } from '@/db/schema/seller-api';
import { tourShopFile } from '@/modules/seller-file/seller-file.test-kit';
import { importStaffSellerFile } from '@/modules/staff-api/service';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import { auditOf, makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';

/**
 * The owner's catalogue screen (decision 0089): the seller file out, a dry run's diff that
 * changes nothing, the import applied while the app runs, a file of another seller refused,
 * and the API keys made and revoked; box office and door refused everywhere, each write
 * audited.
 */

const NOW = new Date('2026-03-01T15:00:00Z');
const SLUG = 'office-shop';
const shop = (amount = '12.50') =>
  tourShopFile({ slug: SLUG, name: 'Office Shop', aheadDays: 3, amount });

describeEachDatabase('office: catalogue and API keys', (ctx) => {
  let app: FastifyInstance;
  let museum: SellerRow;
  let aquarium: SellerRow;
  const cookie = { owner: '', box_office: '', door: '', otherOwner: '' };

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    await importStaffSellerFile(
      ctx.db,
      { file_name: 'shop.yaml', text: shop(), pictures: [] },
      { now: NOW, dryRun: false },
    );
    museum = (await ctx.db.select().from(seller).where(eq(seller.slug, SLUG)))[0]!;
    aquarium = await makeSeller(ctx.db, { name: 'Aquarium' });
    for (const role of ['owner', 'box_office', 'door'] as const) {
      const user = await makeStaff(ctx.db, museum.id, role);
      cookie[role] = await officeLogin(app, SLUG, user.email);
    }
    const theirs = await makeStaff(ctx.db, aquarium.id, 'owner');
    cookie.otherOwner = await officeLogin(app, aquarium.slug, theirs.email);
  });
  afterAll(() => app.close());

  const call = (who: string, method: 'GET' | 'POST', path: string, body?: object) =>
    officeCall(app, { method, path, slug: SLUG, cookie: who, ...(body ? { body } : {}) });
  const upload = (text: string, dryRun: boolean, who = cookie.owner) =>
    call(who, 'POST', 'seller_file', {
      file_name: 'shop.yaml',
      text,
      pictures: [],
      dry_run: dryRun,
      reason: 'spring prices',
    });
  const adultAmount = async () => {
    const [row] = await ctx.db
      .select({ amount: ticketType.amount })
      .from(ticketType)
      .innerJoin(catalogKey, eq(catalogKey.resourceId, ticketType.id))
      .where(and(eq(catalogKey.kind, 'ticket_type'), eq(catalogKey.key, 'tours/tour/adult')));
    return row!.amount;
  };

  it('refuses box office, door and another seller’s owner on every route', async () => {
    const routes = [
      ['GET', 'seller_file', undefined],
      ['POST', 'seller_file', { file_name: 'shop.yaml', text: shop('1.00'), pictures: [] }],
      ['GET', 'api_key', undefined],
      ['POST', 'api_key', { name: 'Door 9' }],
      ['POST', `api_key/00000000-0000-4000-8000-000000000000/revoke`, { reason: 'x' }],
    ] as const;
    for (const [method, path, body] of routes) {
      for (const role of ['box_office', 'door'] as const) {
        expect((await call(cookie[role], method, path, body)).statusCode, `${role} ${path}`).toBe(
          403,
        );
      }
      expect((await call(cookie.otherOwner, method, path, body)).statusCode, path).toBe(401);
    }
    expect(await adultAmount()).toBe(1250);
    expect(await ctx.db.select().from(sellerApiKey)).toEqual([]);
  });

  it('downloads the file, shows a dry run’s diff changing nothing, then applies it, audited', async () => {
    const current = await call(cookie.owner, 'GET', 'seller_file');
    expect(current.statusCode, current.body).toBe(200);
    const file = officeSellerFileResponseSchema.parse(current.json()).seller_file._data[0]!;
    expect(file).toMatchObject({ file_name: `${SLUG}.yaml` });
    expect(file.text).toContain(`slug: ${SLUG}`);

    const dry = await upload(shop('14.00'), true);
    expect(dry.statusCode, dry.body).toBe(200);
    const planned = officeSellerFileImportResponseSchema.parse(dry.json()).seller_file_import
      ._data[0]!;
    expect(planned).toMatchObject({ seller: SLUG, dry_run: true, refusals: [] });
    expect(planned.changes.join('\n')).toMatch(/adult/i);
    expect(await adultAmount()).toBe(1250);
    expect(await auditOf(ctx.db, museum.id, 'catalogue.import')).toEqual([]);

    const applied = await upload(shop('14.00'), false);
    expect(applied.statusCode, applied.body).toBe(200);
    const done = officeSellerFileImportResponseSchema.parse(applied.json()).seller_file_import
      ._data[0]!;
    expect(done.changes).toEqual(planned.changes);
    expect(await adultAmount()).toBe(1400);
    const [record] = await auditOf(ctx.db, museum.id, 'catalogue.import');
    expect(record).toMatchObject({
      reason: 'spring prices',
      after: { file_name: 'shop.yaml', changes: planned.changes },
    });
  });

  it('refuses a file naming another seller, and a broken file as file:line', async () => {
    const theirs = await upload(tourShopFile({ slug: aquarium.slug, amount: '1.00' }), false);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()._data[0]).toMatchObject({ _code: 'forbidden', _context: 'seller_file' });
    const broken = await upload(shop().replace('currency: EUR', 'currency: 12'), true);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()._data[0]._extra.problems[0]).toMatch(
      /^shop\.yaml:4 {2}seller\.currency: /,
    );
    expect(await auditOf(ctx.db, museum.id, 'catalogue.import')).toHaveLength(1);
    expect(await auditOf(ctx.db, aquarium.id, 'catalogue.import')).toEqual([]);
  });

  it('makes, lists and revokes API keys, each audited; another seller’s key is not found', async () => {
    const made = await call(cookie.owner, 'POST', 'api_key', {
      name: 'Door 1',
      reason: 'new scanner',
    });
    expect(made.statusCode, made.body).toBe(201);
    const created = officeApiKeyCreatedResponseSchema.parse(made.json()).api_key._data[0]!;
    expect(created.key.length).toBeGreaterThan(20);
    const listed = officeApiKeysResponseSchema.parse(
      (await call(cookie.owner, 'GET', 'api_key')).json(),
    );
    expect(listed.api_key._data).toEqual([
      expect.objectContaining({ id: created.id, revoked_at: null }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const [theirKey] = await ctx.db
      .insert(sellerApiKey)
      .values({ sellerId: aquarium.id, name: 'Theirs', prefix: 'x', keyHash: 'h', createdAt: NOW })
      .returning();
    const cross = await call(cookie.owner, 'POST', `api_key/${theirKey!.id}/revoke`, {
      reason: 'x',
    });
    expect(cross.statusCode).toBe(404);

    const revoked = await call(cookie.owner, 'POST', `api_key/${created.id}/revoke`, {
      reason: 'lost',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().api_key._data[0].revoked_at).toBe(NOW.toISOString());
    expect(await auditOf(ctx.db, museum.id, 'api_key.create')).toEqual([
      expect.objectContaining({ target: `api_key:${created.id}`, reason: 'new scanner' }),
    ]);
    expect(await auditOf(ctx.db, museum.id, 'api_key.revoke')).toEqual([
      expect.objectContaining({ target: `api_key:${created.id}`, reason: 'lost' }),
    ]);
    const [still] = await ctx.db
      .select()
      .from(sellerApiKey)
      .where(eq(sellerApiKey.id, theirKey!.id));
    expect(still!.revokedAt).toBeNull();
  });

  it('keeps a session’s capacity changed in the office when the file is applied again', async () => {
    // the file's rule gives each session 10 places; the office gives one of them 14
    const sessions = await ctx.db
      .select({ id: eventSession.id, capacity: eventSession.capacity })
      .from(eventSession)
      .where(eq(eventSession.sellerId, museum.id))
      .orderBy(asc(eventSession.startDatetime));
    expect(sessions.map((row) => row.capacity)).toEqual([10, 10, 10]);
    const [changed, ...others] = sessions.map((row) => row.id);
    const patched = await officeCall(app, {
      method: 'PATCH',
      path: `session_capacity/${changed}`,
      slug: SLUG,
      cookie: cookie.box_office,
      body: { capacity: 14, reason: 'extra guide' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const capacities = async () =>
      new Map(
        (
          await ctx.db
            .select({ id: eventSession.id, capacity: eventSession.capacity })
            .from(eventSession)
            .where(eq(eventSession.sellerId, museum.id))
        ).map((row) => [row.id, row.capacity]),
      );

    // the file downloaded and uploaded as it is: nothing to change, the 14 kept
    const current = officeSellerFileResponseSchema.parse(
      (await call(cookie.owner, 'GET', 'seller_file')).json(),
    ).seller_file._data[0]!;
    const same = await upload(current.text, true);
    expect(same.statusCode, same.body).toBe(200);
    expect(
      officeSellerFileImportResponseSchema.parse(same.json()).seller_file_import._data[0]!.changes,
    ).toEqual([]);
    expect((await upload(current.text, false)).statusCode).toBe(200);
    expect((await capacities()).get(changed!)).toBe(14);

    // the rule's capacity changed in the file: the others follow it, the office's stays
    const bigger = current.text.replace('capacity: 10', 'capacity: 12');
    expect(bigger).not.toBe(current.text);
    expect((await upload(bigger, false)).statusCode).toBe(200);
    const after = await capacities();
    expect(after.get(changed!)).toBe(14);
    expect(others.map((id) => after.get(id))).toEqual([12, 12]);
  });
});
