import type { Db } from '@/db/connection';
import * as catalogTables from '@/db/schema/catalog';
import { demoEventId, demoId } from './demo-ids';

/**
 * Seller meta rows of the demo sellers (identity §3 "Seller meta", decision 0019): the portal
 * terms the checkout's terms checkbox shows and the completed page's message and links.
 */

type Writer = Pick<Db, 'insert'>;

const museumEvents = (key: string) => `/demo-museum/events/${demoEventId('demo-museum', key)}`;

const SELLER_META: Record<string, Record<string, unknown>> = {
  'demo-museum': {
    // sanitized again by the storefront before it is shown
    portal_terms:
      '<p>Tickets are valid for the date and time shown. They cannot be refunded, but a visit can be rescheduled up to 24 hours before it starts.</p><p>Please bring your tickets on your phone or printed. Bags may be searched at the entrance.</p>',
    completed_order_message:
      'Thank you for visiting the Museum of Light & Time! Your tickets are on their way to your inbox; show the QR code at the entrance.',
    completed_order_links: [
      { label: 'Book another visit', url: '/demo-museum/events' },
      { label: 'Become a member', url: museumEvents('membership') },
    ],
  },
  'harbour-aquarium': {
    completed_order_message:
      'Thank you for booking with Harbour Aquarium. Your tickets have been e-mailed to you. See you at the quayside!',
  },
};

/** Writes the seller meta rows of one demo seller (resource `seller`, resource_id its id). */
export async function writeDemoSellerMeta(db: Writer, slug: string): Promise<void> {
  const sellerId = demoId(`${slug}/seller`);
  const rows = Object.entries(SELLER_META[slug] ?? {}).map(([key, value]) => ({
    id: demoId(`seller/${sellerId}/meta/${key}`),
    sellerId,
    resource: 'seller',
    resourceId: sellerId,
    key,
    value,
  }));
  if (rows.length > 0) await db.insert(catalogTables.meta).values(rows);
}
