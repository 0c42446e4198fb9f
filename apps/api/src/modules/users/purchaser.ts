import { and, eq } from 'drizzle-orm';
import type { Purchaser } from '@admit/contracts/checkout';
import { isEmailAddress } from '@admit/contracts/rules/email-address';
import type { Db } from '@/db/connection';
import { identity } from '@/db/schema/identity';
import { AppError, validationFailed } from '@/http/app-error';
import { findOrCreateUser, normalizeEmail, type IdentityRow } from './repo';

/**
 * The guest's identity from the purchaser fields (identity §7 `POST user` without a password):
 * the seller's existing person with that e-mail (the 409 case of POST user), else a new one.
 */
export async function findOrCreatePurchaser(
  db: Db,
  sellerId: string,
  purchaser: Purchaser,
  /** identity meta for a new person only (POST giftee additional_info): never rewrites one */
  meta?: Record<string, unknown>,
): Promise<IdentityRow> {
  const email = normalizeEmail(purchaser.email);
  if (!isEmailAddress(email))
    throw validationFailed('checkout', 'email', 'Email address is not valid.');
  if (
    purchaser.email_confirm !== undefined &&
    purchaser.email_confirm.trim().toLowerCase() !== email.toLowerCase()
  ) {
    throw validationFailed('checkout', 'email_confirm', 'Email addresses must match.');
  }
  return findOrCreateUser(db, {
    sellerId,
    email,
    firstName: purchaser.first_name,
    lastName: purchaser.last_name,
    passwordHash: null,
    phone: purchaser.phone ?? null,
    address: purchaser.address ?? null,
    addressMore: purchaser.address_more ?? null,
    city: purchaser.city ?? null,
    state: purchaser.state ?? null,
    country: purchaser.country ?? null,
    zipCode: purchaser.zip_code ?? null,
    ...(meta ? { meta } : {}),
  });
}

/** `guest_identity_id` (or `field`): a person (kind user) of this seller, else 404. */
export async function namedGuest(
  db: Db,
  sellerId: string,
  id: string,
  field = 'guest_identity_id',
): Promise<IdentityRow> {
  const [row] = await db
    .select()
    .from(identity)
    .where(and(eq(identity.id, id), eq(identity.sellerId, sellerId), eq(identity.kind, 'user')))
    .limit(1);
  if (!row) throw new AppError('not_found', 'identity', 'Identity not found', { field });
  return row;
}
