import type { Db } from '@/db/connection';
import { outbox } from '@/db/schema/mail';

export interface OutgoingAttachment {
  filename: string;
  /** content id for inline images (`<img src="cid:…">`) */
  cid?: string;
  contentType: string;
  base64: string;
}

export interface OutgoingMail {
  sellerId: string;
  /** otp | password_reset | guest_account | order_resend | membership_resend | order_confirmation |
   *  gift_membership | auto_renew_receipt | auto_renew_declined | auto_renew_cancelled */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutgoingAttachment[];
}

/** Anything that can run drizzle inserts: the database or an open transaction. */
type Writer = Pick<Db, 'insert'>;

/**
 * Queues a mail in the outbox. Called with the transaction that writes what the mail reports,
 * so a mail is never sent for something that rolled back, and never lost for something that
 * committed. The sender (`mail-sender.ts`) delivers it.
 */
export async function enqueueMail(writer: Writer, mail: OutgoingMail): Promise<string> {
  const [row] = await writer
    .insert(outbox)
    .values({
      sellerId: mail.sellerId,
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      attachments: mail.attachments ?? [],
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}
