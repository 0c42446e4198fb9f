import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { HTML_SELLER_META_KEYS } from '@admit/contracts/description-html';
import type { Db } from '@/db/connection';
import { eventTemplate, meta } from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';
import { sanitizeDescriptionHtml } from '@/lib/description-html';
import { withStoredHtmlMeta } from './stored-descriptions';

/**
 * Start-up (main.ts, after the migrations): sanitises the seller markup stored before imports
 * sanitised it (decision 0086), once: event descriptions, then each seller's content blocks and
 * HTML meta. Each row is marked when done (`description_sanitized`, `html_sanitized`), so a
 * later start makes two queries and loads no DOM. Answers how many rows it rewrote or marked.
 */
export async function sanitizeStoredDescriptions(db: Db): Promise<number> {
  const rows = await db
    .select({ id: eventTemplate.id, description: eventTemplate.description })
    .from(eventTemplate)
    .where(
      and(eq(eventTemplate.descriptionSanitized, false), isNotNull(eventTemplate.description)),
    );
  for (const row of rows) {
    await db
      .update(eventTemplate)
      .set({
        description: await sanitizeDescriptionHtml(row.description!),
        descriptionSanitized: true,
      })
      .where(eq(eventTemplate.id, row.id));
  }
  return rows.length + (await sanitizeStoredSellerHtml(db));
}

/** The unmarked sellers' content blocks and HTML meta; a seller with neither is only marked. */
async function sanitizeStoredSellerHtml(db: Db): Promise<number> {
  const sellers = await db
    .select({ id: seller.id, config: seller.config })
    .from(seller)
    .where(eq(seller.htmlSanitized, false));
  for (const row of sellers) {
    const metaRows = await db
      .select({ id: meta.id, key: meta.key, value: meta.value })
      .from(meta)
      .where(
        and(
          eq(meta.resource, 'seller'),
          eq(meta.resourceId, row.id),
          inArray(meta.key, [...HTML_SELLER_META_KEYS]),
        ),
      );
    for (const metaRow of metaRows) {
      const stored = await withStoredHtmlMeta({ [metaRow.key]: metaRow.value });
      await db.update(meta).set({ value: stored[metaRow.key] }).where(eq(meta.id, metaRow.id));
    }
    await db
      .update(seller)
      .set({ config: await withStoredContentBlocks(row.config), htmlSanitized: true })
      .where(eq(seller.id, row.id));
  }
  return sellers.length;
}

/** A stored seller config with its content blocks' `html` sanitised. */
async function withStoredContentBlocks(config: unknown): Promise<unknown> {
  const stored = (config ?? {}) as { content_blocks?: unknown };
  if (!Array.isArray(stored.content_blocks)) return config;
  const blocks: unknown[] = stored.content_blocks;
  return {
    ...stored,
    content_blocks: await Promise.all(
      blocks.map(async (block) => {
        const html = (block as { html?: unknown } | null)?.html;
        return typeof html === 'string'
          ? { ...(block as object), html: await sanitizeDescriptionHtml(html) }
          : block;
      }),
    ),
  };
}
