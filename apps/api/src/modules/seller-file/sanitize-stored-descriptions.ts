import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { eventTemplate } from '@/db/schema/catalog';
import { sanitizeDescriptionHtml } from '@/lib/description-html';

/**
 * Start-up (main.ts, after the migrations): sanitises the descriptions stored before imports
 * sanitised them (decision 0086), once: each row is marked when done, so a later start makes
 * one query over the events and loads no DOM. Answers how many rows it rewrote.
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
  return rows.length;
}
