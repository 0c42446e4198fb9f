import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { HTML_SELLER_META_KEYS } from '@admit/contracts/description-html';
import { sanitizeDescriptionHtml } from '@/lib/description-html';

type FileSeller = SellerFile['seller'];

/**
 * The file with the seller's markup as it is stored: sanitised (decision 0086) — each event's
 * description, the content blocks' `html` and the HTML seller meta (the checkout's terms).
 * Every import plans from this (the seller CLI, the staff API, the office's import, the demo
 * seed), so what the database holds, what a dry run compares and what the export gives back are
 * the sanitised markup, and the server's page render can draw it without a DOM. A file with no
 * such markup loads nothing.
 */
export async function withStoredDescriptions(file: SellerFile): Promise<SellerFile> {
  const events = file.events;
  const hasHtml =
    events?.some((event) => event.description) ||
    (file.seller.settings?.content_blocks?.length ?? 0) > 0 ||
    HTML_SELLER_META_KEYS.some((key) => typeof file.seller.meta?.[key] === 'string');
  if (!hasHtml) return file;
  return {
    ...file,
    seller: await withStoredSellerHtml(file.seller),
    events:
      events &&
      (await Promise.all(
        events.map(async (event) =>
          event.description
            ? { ...event, description: await sanitizeDescriptionHtml(event.description) }
            : event,
        ),
      )),
  };
}

/** The seller's content blocks and HTML meta sanitised; the rest as given. */
async function withStoredSellerHtml(given: FileSeller): Promise<FileSeller> {
  const blocks = given.settings?.content_blocks;
  const meta = given.meta && (await withStoredHtmlMeta(given.meta));
  return {
    ...given,
    ...(meta ? { meta } : {}),
    ...(given.settings && blocks
      ? {
          settings: {
            ...given.settings,
            content_blocks: await Promise.all(
              blocks.map(async (block) => ({
                ...block,
                html: await sanitizeDescriptionHtml(block.html),
              })),
            ),
          },
        }
      : {}),
  };
}

/** Seller meta with its HTML keys (HTML_SELLER_META_KEYS) sanitised where they hold text. */
export async function withStoredHtmlMeta<T extends Record<string, unknown>>(meta: T): Promise<T> {
  const out: Record<string, unknown> = { ...meta };
  for (const key of HTML_SELLER_META_KEYS) {
    const value = out[key];
    if (typeof value === 'string') out[key] = await sanitizeDescriptionHtml(value);
  }
  return out as T;
}
