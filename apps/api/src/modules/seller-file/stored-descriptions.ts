import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { sanitizeDescriptionHtml } from '@/lib/description-html';

/**
 * The file with each event's description as it is stored: sanitised (decision 0086). Every
 * import plans from this (the seller CLI, the staff API, the demo seed), so what the database
 * holds, what a dry run compares and what the export gives back are the sanitised markup, and
 * the server's page render can draw it without a DOM. A file with no description loads nothing.
 */
export async function withStoredDescriptions(file: SellerFile): Promise<SellerFile> {
  const events = file.events;
  if (!events?.some((event) => event.description)) return file;
  return {
    ...file,
    events: await Promise.all(
      events.map(async (event) =>
        event.description
          ? { ...event, description: await sanitizeDescriptionHtml(event.description) }
          : event,
      ),
    ),
  };
}
