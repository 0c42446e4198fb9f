import type { Stripe } from '@stripe/stripe-js';
import { CardProviderError } from '@/features/checkout/model/card-input';

const loading = new Map<string, Promise<Stripe>>();

/**
 * Stripe.js for a publishable key, loaded once. The package is imported here, on demand, so
 * neither the first load nor the checkout chunk carries it for sellers without Stripe.
 */
export function loadStripeFor(publishableKey: string): Promise<Stripe> {
  let pending = loading.get(publishableKey);
  if (!pending) {
    pending = import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => {
        if (!stripe) throw new Error('Stripe.js is not available');
        return stripe;
      });
    // a blocked script may load on the next attempt (the page tells the buyer to reload)
    pending.catch(() => loading.delete(publishableKey));
    loading.set(publishableKey, pending);
  }
  return pending;
}

/** stripe.handleCardAction: the in-page 3-D Secure step (identity §4 "Payment intent"). */
export async function handleCardAction(stripe: Stripe, clientSecret: string): Promise<void> {
  const result = await stripe.handleCardAction(clientSecret);
  if (result.error) {
    throw new CardProviderError(result.error.message ?? '', result.error.code ?? null);
  }
}

/**
 * stripe.handleNextAction: the 3-D Secure step of a card saved without a payment (decision
 * 0067; the server confirmed its SetupIntent, which handleCardAction does not take).
 */
export async function handleSetupAction(stripe: Stripe, clientSecret: string): Promise<void> {
  const result = await stripe.handleNextAction({ clientSecret });
  if (result.error) {
    throw new CardProviderError(result.error.message ?? '', result.error.code ?? null);
  }
}
