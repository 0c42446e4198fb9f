import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import * as codesTables from '@/db/schema/codes';
import * as identityTables from '@/db/schema/identity';
import { demoEventId, demoId } from './demo-ids';

/**
 * Demo promo codes, a checkout rule and a CityPASS group (shopping §3 cartmods, §5, §8;
 * identity §3 citypass_code_groups), written after the seller's catalogue. Discounts follow
 * db/schema/codes.ts: percent in thousandths of a percent (10000 = 10 %), fixed in minor units.
 */

type Writer = Pick<Db, 'insert' | 'update'>;

interface DemoCode {
  code: string;
  name: string;
  description: string;
  discountType: 'percent' | 'fixed';
  discountValue: number;
  maxUses?: number;
  codeGroup?: string;
  /** [event key, group key, type key?]: the resource the discount applies to; none = all */
  on?: [string, string, string?];
}

const groupId = (slug: string, eventKey: string, groupKey: string) =>
  demoId(`${demoEventId(slug, eventKey)}/group/${groupKey}`);

const COMMON = (adult: [string, string, string]): DemoCode[] => [
  {
    code: 'WELCOME10',
    name: 'Welcome',
    description: '10 % off every ticket',
    discountType: 'percent',
    discountValue: 10_000,
  },
  {
    code: 'FAMILY5',
    name: 'Family day',
    description: '5.00 off each adult ticket',
    discountType: 'fixed',
    discountValue: 500,
    maxUses: 100,
    on: adult,
  },
  {
    code: 'LASTONE',
    name: 'Last one',
    description: '20 % off, for one cart only',
    discountType: 'percent',
    discountValue: 20_000,
    maxUses: 1,
  },
];

const CODES: Record<string, DemoCode[]> = {
  'demo-museum': [
    ...COMMON(['general-admission', 'timed', 'adult']),
    {
      code: 'PARTNER2026',
      name: 'Partner',
      description: 'Partner organisations: private group tours',
      discountType: 'percent',
      discountValue: 0,
      codeGroup: 'partner',
    },
    {
      code: 'CITYPASS',
      name: 'CityPASS',
      description: 'Timed admission with a CityPASS voucher',
      discountType: 'percent',
      discountValue: 100_000,
      codeGroup: 'citypass',
      on: ['general-admission', 'timed'],
    },
  ],
  'harbour-aquarium': COMMON(['aquarium-admission', 'entry', 'adult']),
};

// the museum's private group tour (link-only) needs a partner code: rule_blocks_reserve
const RULES: Record<string, { on: [string, string]; codeGroup: string; description: string }[]> = {
  'demo-museum': [
    {
      on: ['private-group-tour', 'group'],
      codeGroup: 'partner',
      description:
        'Private group tours are booked by partner organisations. Enter your partner code.',
    },
  ],
};

// adult vouchers are 10 digits, child vouchers C + 9 digits (docs/decisions/0017)
const CITYPASS_GROUPS: Record<string, unknown> = {
  'demo-museum': {
    citypass: {
      adult_regexp: '\\d{10}',
      child_regexp: 'C\\d{9}',
      child_ticket_type_keywords: ['child'],
    },
  },
};

/** Writes the demo codes, checkout rules and CityPASS config of one demo seller. */
export async function writeDemoCodes(db: Writer, slug: string): Promise<void> {
  const sellerId = demoId(`${slug}/seller`);
  const codes = CODES[slug] ?? [];
  if (codes.length > 0) {
    await db.insert(codesTables.code).values(
      codes.map((c) => {
        const [eventKey, groupKey, typeKey] = c.on ?? [];
        const group = eventKey && groupKey ? groupId(slug, eventKey, groupKey) : null;
        const resource = typeKey ? 'ticket_type' : group ? 'ticket_group' : null;
        return {
          id: demoId(`${slug}/code/${c.code}`),
          sellerId,
          code: c.code,
          kind: 'promo',
          codeGroup: c.codeGroup ?? null,
          name: c.name,
          description: c.description,
          discountType: c.discountType,
          discountValue: c.discountValue,
          resource,
          resourceId: typeKey ? demoId(`${group}/type/${typeKey}`) : group,
          maxUses: c.maxUses ?? null,
        };
      }),
    );
  }
  const rules = RULES[slug] ?? [];
  if (rules.length > 0) {
    await db.insert(codesTables.checkoutRule).values(
      rules.map((r) => ({
        id: demoId(`${slug}/checkout_rule/${r.on.join('/')}`),
        sellerId,
        resource: 'ticket_group',
        resourceId: groupId(slug, r.on[0], r.on[1]),
        codeGroup: r.codeGroup,
        description: r.description,
      })),
    );
  }
  const citypass = CITYPASS_GROUPS[slug];
  if (citypass) {
    await db
      .update(identityTables.seller)
      .set({
        config: sql`${identityTables.seller.config} || ${JSON.stringify({ citypass_code_groups: citypass })}::jsonb`,
      })
      .where(eq(identityTables.seller.id, sellerId));
  }
}
