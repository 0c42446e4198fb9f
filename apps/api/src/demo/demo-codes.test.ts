import { beforeAll, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import * as catalogTables from '@/db/schema/catalog';
import * as codesTables from '@/db/schema/codes';
import * as identityTables from '@/db/schema/identity';
import { citypassGroupOf, isChildType } from '@/modules/codes/citypass';
import { buildSellerConfig } from '@/modules/sellers/seller-config';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { demoEventId, demoId } from './demo-ids';
import { seedDemo } from './seed-demo';

/** The demo codes (demo-codes.ts) point at real rows of the demo catalogue. */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('seedDemo: codes, checkout rule, CityPASS', (ctx) => {
  beforeAll(async () => {
    expect(await seedDemo(ctx.db, { now: NOW })).toEqual({ seeded: true });
  });

  it('writes each seller’s codes on existing types and groups', async () => {
    const codes = await ctx.db.select().from(codesTables.code).orderBy(codesTables.code.code);
    const bySeller = (slug: string) =>
      codes.filter((c) => c.sellerId === demoId(`${slug}/seller`)).map((c) => c.code);
    expect(bySeller('demo-museum')).toEqual([
      'CITYPASS',
      'FAMILY5',
      'LASTONE',
      'PARTNER2026',
      'WELCOME10',
    ]);
    expect(bySeller('harbour-aquarium')).toEqual(['FAMILY5', 'LASTONE', 'WELCOME10']);
    const typeIds = codes.filter((c) => c.resource === 'ticket_type').map((c) => c.resourceId!);
    const types = await ctx.db
      .select()
      .from(catalogTables.ticketType)
      .where(inArray(catalogTables.ticketType.id, typeIds));
    expect(types.map((t) => t.name)).toEqual(['Adult', 'Adult']);
    const family = codes.filter((c) => c.code === 'FAMILY5');
    expect(family.map((c) => [c.discountType, c.discountValue, c.maxUses])).toEqual([
      ['fixed', 500, 100],
      ['fixed', 500, 100],
    ]);
    const [citypass] = codes.filter((c) => c.code === 'CITYPASS');
    const [group] = await ctx.db
      .select()
      .from(catalogTables.ticketGroup)
      .where(eq(catalogTables.ticketGroup.id, citypass!.resourceId!));
    expect(group?.name).toBe('Timed Admission');
  });

  it('guards the private group tour with a partner rule, and configures CityPASS for the museum', async () => {
    const rules = await ctx.db.select().from(codesTables.checkoutRule);
    expect(rules).toHaveLength(1);
    const [group] = await ctx.db
      .select()
      .from(catalogTables.ticketGroup)
      .where(eq(catalogTables.ticketGroup.id, rules[0]!.resourceId));
    expect(group?.eventTemplateId).toBe(demoEventId('demo-museum', 'private-group-tour'));
    expect(rules[0]).toMatchObject({ resource: 'ticket_group', codeGroup: 'partner' });
    const [museum] = await ctx.db
      .select()
      .from(identityTables.seller)
      .where(eq(identityTables.seller.slug, 'demo-museum'));
    const stored = (museum!.config as { citypass_code_groups?: unknown }).citypass_code_groups;
    const citypass = citypassGroupOf(stored, 'citypass');
    expect(citypass).toMatchObject({ adult_regexp: '\\d{10}', child_regexp: 'C\\d{9}' });
    expect(isChildType(citypass!, 'Child')).toBe(true);
    expect(isChildType(citypass!, 'Adult')).toBe(false);
    // the storefront config still builds from the stored config
    expect(buildSellerConfig(museum!, { NODE_ENV: 'test' }).seller.slug).toBe('demo-museum');
  });
});
