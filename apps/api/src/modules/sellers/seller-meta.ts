import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Meta } from '@admit/contracts/resources';
import type { Db } from '@/db/connection';
import { meta } from '@/db/schema/catalog';
import { toMeta } from '@/modules/catalog/mappers';

/**
 * Seller meta rows (resource `seller`, resource_id = the seller) that ride in the bundles the
 * storefront reads (decision 0019 "Update: seller texts …"): only the keys a page uses, never
 * another seller's rows.
 */

/** The checkout reads the portal terms from the cart bundle (identity §5 terms checkbox). */
export const CART_SELLER_META_KEYS: readonly string[] = ['portal_terms'];

/** identity §3 "Seller meta": the completed page's keys, plus the external completed address. */
export const ORDER_SELLER_META_KEYS: readonly string[] = [
  'completed_image',
  'completed_mobile_image',
  'completed_image_alternate_text',
  'completed_content_offset',
  'completed_content_mobile_offset',
  'completed_order_message',
  'completed_order_links',
  'completed_order_url',
];

/** The seller's own meta rows with these keys, by key. */
export async function selectSellerMeta(
  db: Db,
  sellerId: string,
  keys: readonly string[],
): Promise<Meta[]> {
  const rows = await db
    .select()
    .from(meta)
    .where(
      and(
        eq(meta.sellerId, sellerId),
        eq(meta.resource, 'seller'),
        eq(meta.resourceId, sellerId),
        inArray(meta.key, [...keys]),
      ),
    )
    .orderBy(asc(meta.key));
  return rows.map(toMeta);
}
