import { eq } from 'drizzle-orm';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { seller } from '@/db/schema/identity';
import type { Executor } from '@/db/transaction';
import { catalogueOf } from './export-catalogue';
import { commerceOf } from './export-commerce';
import { readExportContext } from './export-context';
import { membershipProgramsOf } from './export-memberships';
import { settingsOf } from './export-settings';
import { readSellerDomains } from './seller-domains';
import { compact } from './export-values';

/**
 * A seller's catalogue written back as a seller file (decision 0041): what its files made (rows
 * with a stored key, and the seller's settings, codes, gift cards and membership programs), with
 * keys where the database has ids and `images/<name>` where it has image addresses. Sales are
 * not part of it; gift cards carry their balance as it is now.
 */
export interface ExportedFile {
  file: SellerFile;
  /** the pictures it names: path in the file → image name */
  images: Map<string, string>;
}

/** Reads the seller with `slug` into a file; undefined when there is no such seller. */
export async function exportSellerFile(
  db: Executor,
  slug: string,
): Promise<ExportedFile | undefined> {
  const [row] = await db.select().from(seller).where(eq(seller.slug, slug)).limit(1);
  if (!row) return undefined;
  const ctx = await readExportContext(db, row);
  const { venues, events } = await catalogueOf(ctx);
  const { codes, checkout_rules, gift_cards, payment_plans } = await commerceOf(ctx);
  const membershipPrograms = await membershipProgramsOf(ctx, events);
  const settings = settingsOf(row.config as Record<string, unknown>, ctx);
  const sellerMeta = ctx.metaOf('seller', row.id);
  const domains = await readSellerDomains(db, row.id);
  // the key order here is the written file's order
  const file: SellerFile = compact({
    seller: compact({
      slug: row.slug,
      name: row.name,
      currency: row.currency,
      timezone: row.timezone,
      domains: domains.length > 0 ? domains : undefined,
      settings: Object.keys(settings).length > 0 ? settings : undefined,
      meta: Object.keys(sellerMeta).length > 0 ? sellerMeta : undefined,
    }),
    venues,
    events: events.length ? events : undefined,
    codes,
    checkout_rules,
    gift_cards,
    payment_plans,
    membership_programs: membershipPrograms,
  });
  return { file, images: ctx.images };
}
