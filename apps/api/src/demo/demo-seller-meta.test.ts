import { beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as catalogTables from '@/db/schema/catalog';
import * as identityTables from '@/db/schema/identity';
import { buildSellerConfig } from '@/modules/sellers/seller-config';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { demoId } from './demo-ids';
import { seedDemo } from './seed-demo';

/** The demo sellers' meta rows and the museum's checkout donation group (decision 0019). */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('seedDemo: seller texts and the donation upsell', (ctx) => {
  beforeAll(async () => {
    expect(await seedDemo(ctx.db, { now: NOW })).toEqual({ seeded: true });
  });

  const sellerRow = async (slug: string) => {
    const [row] = await ctx.db
      .select()
      .from(identityTables.seller)
      .where(eq(identityTables.seller.slug, slug));
    return row!;
  };

  const sellerKeys = async (slug: string) => {
    const id = demoId(`${slug}/seller`);
    const rows = await ctx.db
      .select()
      .from(catalogTables.meta)
      .where(eq(catalogTables.meta.resourceId, id));
    return rows
      .filter((r) => r.resource === 'seller' && r.sellerId === id)
      .map((r) => r.key)
      .sort();
  };

  it('gives the museum terms, a completed message and two links; the aquarium a message', async () => {
    expect(await sellerKeys('demo-museum')).toEqual([
      'completed_order_links',
      'completed_order_message',
      'portal_terms',
    ]);
    expect(await sellerKeys('harbour-aquarium')).toEqual(['completed_order_message']);
  });

  // issue #25: the terms said "cannot be refunded" while the museum lets buyers cancel for a
  // refund themselves (self_edit_rules): the terms a buyer accepts must match the rules applied
  it('says in the museum terms what its self-edit rules do: refunds and reschedules up to 24 hours before', async () => {
    const config = buildSellerConfig(await sellerRow('demo-museum'), { NODE_ENV: 'test' });
    expect(config.self_edit_rules).toMatchObject({
      enabled: true,
      horizon_days: 1,
      horizon_hours: 0,
    });
    const [terms] = await ctx.db
      .select()
      .from(catalogTables.meta)
      .where(
        and(
          eq(catalogTables.meta.resourceId, demoId('demo-museum/seller')),
          eq(catalogTables.meta.key, 'portal_terms'),
        ),
      );
    const text = String(terms!.value);
    expect(text).not.toMatch(/cannot be refunded|non-refundable|no refunds/i);
    expect(text).toMatch(/24 hours before/);
    expect(text).toMatch(/cancel tickets for a refund/);
    expect(text).toMatch(/reschedule/);
  });

  it('points the museum checkout donation at its real donation group', async () => {
    const config = buildSellerConfig(await sellerRow('demo-museum'), { NODE_ENV: 'test' });
    const groupId = config.checkout.donation_group_id;
    expect(groupId).not.toBeNull();
    const [group] = await ctx.db
      .select()
      .from(catalogTables.ticketGroup)
      .where(eq(catalogTables.ticketGroup.id, groupId!));
    expect(group).toMatchObject({ handler: 'donation', sellerId: config.seller.id });
    const aquarium = buildSellerConfig(await sellerRow('harbour-aquarium'), { NODE_ENV: 'test' });
    expect(aquarium.checkout.donation_group_id).toBeNull();
  });
});
