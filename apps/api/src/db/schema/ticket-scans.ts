import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TicketScanResult } from '@admit/contracts/seller-api';
import { id } from './columns';
import { ticket } from './cart';
import { seller } from './identity';
import { sellerApiKey } from './seller-api';

/**
 * Every scan at the door that named a known ticket (issue #27 "scan history"; decision 0107):
 * the admitting one, written in the transaction that redeems the ticket, and each refused one
 * (already used, another session or day, cancelled, not an admission), written on its own.
 * Codes that name no ticket (unknown, a member ID) are not kept here.
 */
export const ticketScan = pgTable(
  'ticket_scan',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    /** the server's clock when the scan was answered (the same instant as `ticket.redeemed_at`) */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** `admitted`, or the refusal's `_code` the check-in answered */
    result: text('result').$type<TicketScanResult>().notNull(),
    /** the scanner's API key (kept when revoked, so its name still shows) */
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => sellerApiKey.id),
    /**
     * The session the door said it admits, as the scanner sent it: unchecked (no foreign key),
     * so a door naming a session that is not there still has its refusal recorded
     */
    doorSessionId: uuid('door_session_id'),
    /** the day (YYYY-MM-DD) the door said it admits, as sent; null: the session's, or today */
    doorDate: text('door_date'),
  },
  (t) => [index('ticket_scan_ticket_idx').on(t.ticketId, t.scannedAt)],
);

export type NewTicketScan = typeof ticketScan.$inferInsert;
