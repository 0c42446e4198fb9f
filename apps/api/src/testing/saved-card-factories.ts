import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { savedPaymentMethod, type SavedPaymentMethodRow } from '@/db/schema/payments';
import { savedSandboxRef, type SandboxOutcome } from '@/modules/payments/sandbox-cards';

/**
 * A saved card of `holder` (decision 0038): by default the sandbox's saved 4242 that pays; an
 * `outcome` makes it decline (card_declined, insufficient_funds, authenticate…), `stripe` one
 * of a fake Stripe account (customer + payment method ids).
 */
export async function makeSavedCard(
  db: Db,
  holder: { id: string; sellerId: string },
  options: {
    outcome?: SandboxOutcome;
    last4?: string;
    stripe?: { customer: string; paymentMethod: string };
    createdAt?: Date;
  } = {},
): Promise<SavedPaymentMethodRow> {
  const last4 = options.last4 ?? '4242';
  const [row] = await db
    .insert(savedPaymentMethod)
    .values({
      sellerId: holder.sellerId,
      identityId: holder.id,
      gateway: options.stripe ? 'stripe' : 'sandbox',
      customerRef: options.stripe?.customer ?? `cus_sandbox_${holder.id}`,
      paymentMethodRef:
        options.stripe?.paymentMethod ??
        savedSandboxRef({ outcome: options.outcome ?? 'success', last4 }),
      brand: 'visa',
      last4,
      expMonth: 12,
      expYear: 2034,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('makeSavedCard inserted no row');
  return row;
}

/** A person's saved cards, oldest first (the last is the one auto-renew charges). */
export function savedCardsOf(db: Db, identityId: string): Promise<SavedPaymentMethodRow[]> {
  return db
    .select()
    .from(savedPaymentMethod)
    .where(eq(savedPaymentMethod.identityId, identityId))
    .orderBy(asc(savedPaymentMethod.createdAt));
}
