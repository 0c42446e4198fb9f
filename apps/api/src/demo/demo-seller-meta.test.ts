import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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
