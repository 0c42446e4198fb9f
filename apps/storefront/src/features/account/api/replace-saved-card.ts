import { replaceSavedPaymentMethodRoute } from '@admit/contracts/routes/identity';
import type { SavedPaymentMethod } from '@admit/contracts/saved-payment-method';
import { setupActionExtraSchema } from '@admit/contracts/saved-payment-method';
import { ApiError, call } from '@/api/client';
import type { CardEntry } from '@/features/account/model/card-entry';

/** POST my/identity/saved_payment_method (decision 0067): the entered card becomes the saved one. */
async function postCard(paymentMethod: string): Promise<SavedPaymentMethod> {
  const body = await call(replaceSavedPaymentMethodRoute, {
    body: { payment_method: paymentMethod },
  });
  const card = body.saved_payment_method._data[0];
  if (!card) throw new ApiError(500, 'internal_error', 'saved_payment_method', 'No card', null);
  return card;
}

/**
 * Replaces the member's saved card with the entered one. A 402 (the card asks for 3-D Secure)
 * runs the provider's step, then the same call again reads the setup's new state.
 */
export async function replaceSavedCard(entry: CardEntry): Promise<SavedPaymentMethod> {
  const paymentMethod = await entry.paymentMethod();
  try {
    return await postCard(paymentMethod);
  } catch (error) {
    const action =
      error instanceof ApiError && error.code === 'intent_requires_action'
        ? setupActionExtraSchema.safeParse(error.extra)
        : null;
    const secret = action?.success ? action.data.client_secret : null;
    if (!secret || !entry.authenticateSetup) throw error;
    await entry.authenticateSetup(secret);
    return postCard(paymentMethod);
  }
}
