import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { seller } from './identity';

/** The mail outbox, written in the same transaction as what it reports. */

/**
 * Outgoing e-mail, written in the same transaction as what it reports (an order, a passcode);
 * the sender delivers it through SMTP and retries, or the dev mailbox shows it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => seller.id),
    /** otp | password_reset | guest_account | order_confirmation | order_resend | ... */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** inline attachments: [{ filename, cid, contentType, base64 }] */
    attachments: jsonb('attachments').notNull().default([]),
    /** pending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('outbox_seller_created_idx').on(t.sellerId, t.createdAt),
  ],
);
