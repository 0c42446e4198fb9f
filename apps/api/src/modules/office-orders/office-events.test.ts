import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OfficeEventsResponse } from '@admit/contracts/office-orders';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeSeller, type SellerRow } from '@/testing/factories';
import { makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';

/**
 * The office's list of events for the order search's picker (decision 0095): every event of
 * the seller, whatever its visibility, none of another seller's; owners and box office only.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('office: the events list', (ctx) => {
  let app: FastifyInstance;
  let museum: SellerRow;
  let aquarium: SellerRow;
  const cookies = {} as Record<'owner' | 'box_office' | 'door', string>;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
    museum = await makeSeller(ctx.db, { name: 'Museum' });
    aquarium = await makeSeller(ctx.db, { name: 'Aquarium' });
    for (const role of ['owner', 'box_office', 'door'] as const) {
      const user = await makeStaff(ctx.db, museum.id, role);
      cookies[role] = await officeLogin(app, museum.slug, user.email);
    }
    await makeEvent(ctx.db, museum, { name: 'Members evening', hiddenType: 'public_member_only' });
    await makeEvent(ctx.db, museum, { name: 'A private view', hiddenType: 'public_link_only' });
    await makeEvent(ctx.db, museum, { name: 'General admission' });
    await makeEvent(ctx.db, aquarium, { name: 'Shark feeding' });
  });
  afterAll(() => app.close());

  it('lists every event of the seller by name, members-only and link-only ones too', async () => {
    for (const role of ['owner', 'box_office'] as const) {
      const res = await officeCall(app, {
        path: 'event_template',
        slug: museum.slug,
        cookie: cookies[role],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json<OfficeEventsResponse>();
      expect(body.event_template._data.map((e) => [e.name, e.hidden_type])).toEqual([
        ['A private view', 'public_link_only'],
        ['General admission', 'public_browsable'],
        ['Members evening', 'public_member_only'],
      ]);
      expect(body.event_template._total).toBe(3);
    }
  });

  it('refuses the door (403), no session (401) and an unknown query parameter (400)', async () => {
    const status = async (path: string, cookie?: string) =>
      (await officeCall(app, { path, slug: museum.slug, cookie })).statusCode;
    expect(await status('event_template', cookies.door)).toBe(403);
    expect(await status('event_template')).toBe(401);
    expect(await status('event_template?name=x', cookies.owner)).toBe(400);
  });
});
