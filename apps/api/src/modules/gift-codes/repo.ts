import { randomInt } from 'node:crypto';
import { GIFT_CODE_LENGTH } from '@admit/contracts/constants';
import { code } from '@/db/schema/codes';
import { membershipGift } from '@/db/schema/memberships';
import type { Executor } from '@/db/transaction';

/** The SQL of gifts of membership: their codes and what each was given for (decision 0038). */

// no 0/O, 1/I/L: a code is read off a mail and typed in by hand
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A gift code: GIFT_CODE_LENGTH characters (identity §5, §9), about 49 random bits. */
export function newGiftCodeText(): string {
  let out = '';
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export interface NewGiftCode {
  sellerId: string;
  name: string;
  /** minor units the code takes off a level of its group (the gifted level's price) */
  amount: number;
  /** the membership group whose levels it pays for */
  ticketGroupId: string;
  validFrom: Date;
  validTo: Date;
}

/**
 * Inserts a one-use gift of membership code, drawing again when the text is taken (the seller's
 * codes are unique case-insensitively).
 */
export async function insertGiftCode(tx: Executor, values: NewGiftCode) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(code)
      .values({
        sellerId: values.sellerId,
        code: newGiftCodeText(),
        kind: 'gift_of_membership',
        name: values.name,
        discountType: 'fixed',
        discountValue: values.amount,
        resource: 'ticket_group',
        resourceId: values.ticketGroupId,
        maxUses: 1,
        validFrom: values.validFrom,
        validTo: values.validTo,
        createdAt: values.validFrom,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error('could not draw a free gift code');
}

export async function insertMembershipGift(
  tx: Executor,
  values: typeof membershipGift.$inferInsert,
) {
  const [row] = await tx.insert(membershipGift).values(values).returning();
  if (!row) throw new Error('membership_gift insert returned no row');
  return row;
}
