import { GIFT_TO_SELF_MESSAGE, type GifteeBody } from '@admit/contracts/gift';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import { findOrCreatePurchaser, namedGuest } from '@/modules/users/purchaser';
import { findIdentityById, type IdentityRow } from '@/modules/users/repo';

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * spec: identity §5 "Gifting to oneself" — refused when the giftee is the giver (same identity
 * or same e-mail, case-insensitively): the logged-in caller, a guest's purchaser at checkout, or
 * the giver of a gift code redeeming it (decision 0038).
 */
export async function assertGiverIsNotGiftee(
  db: Pick<Db, 'select'>,
  giverId: string,
  giftee: { id?: string; email: string | null },
) {
  const own = await findIdentityById(db, giverId);
  if (giftee.id === giverId || sameAddress(own?.email, giftee.email)) {
    throw new AppError(
      'validation_failed',
      'giftee',
      GIFT_TO_SELF_MESSAGE,
      { field: 'email' },
      422,
    );
  }
}

/** A guest has no e-mail to compare yet: the checkout checks the purchaser. */
async function assertNotSelf(
  db: Db,
  caller: RequestIdentity,
  giftee: { id?: string; email: string | null },
) {
  if (!caller.isPublic) await assertGiverIsNotGiftee(db, caller.id, giftee);
}

/**
 * POST giftee (identity §7): the seller's person with that e-mail, else a new one without a
 * password (the guest purchaser's find-or-create, users/purchaser.ts). An existing person is
 * never changed: additional_info is kept only on a new identity. The answer is the identity id
 * (all the spec reads) with the caller's own input: never the stored names of an existing
 * person, which would tell a stranger who owns an e-mail (issue #12, decision 0025).
 */
export async function createGiftee(
  db: Db,
  seller: SellerRef,
  caller: RequestIdentity,
  body: GifteeBody,
): Promise<Pick<IdentityRow, 'id' | 'firstName' | 'lastName' | 'email'>> {
  await assertNotSelf(db, caller, { email: body.email });
  const { first_name, last_name, email } = body;
  const row = await findOrCreatePurchaser(
    db,
    seller.id,
    { first_name, last_name, email },
    body.additional_info,
  );
  return { id: row.id, firstName: first_name, lastName: last_name, email };
}

/** A `giftee_identity_id` the caller may name: a person of the seller who is not the caller. */
export async function requireGiftee(
  db: Db,
  seller: SellerRef,
  caller: RequestIdentity,
  gifteeId: string,
): Promise<IdentityRow> {
  const row = await namedGuest(db, seller.id, gifteeId, 'giftee_identity_id');
  await assertNotSelf(db, caller, { id: row.id, email: row.email });
  return row;
}
