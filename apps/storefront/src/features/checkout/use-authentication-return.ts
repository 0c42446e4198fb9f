import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { CheckoutCall } from '@/features/checkout/api/checkout-cart';
import { takePendingAuthentication } from '@/features/checkout/model/pending-authentication';

/**
 * identity §4 "Payment intent": back from the authentication page (`payment_intent` or
 * `payment_intent_client_secret` in the address), the call saved before the redirect is handed
 * to `resume` once, with the intent to complete. Answers the returned intent (or null).
 */
export function useAuthenticationReturn(
  cartId: string,
  resume: (pending: CheckoutCall, intentId: string) => void,
): string | null {
  const [searchParams] = useSearchParams();
  const returnedIntent =
    searchParams.get('payment_intent') ?? searchParams.get('payment_intent_client_secret');
  const resumed = useRef(false);
  // the latest `resume` without re-running the effect when the caller's closure changes
  const resumeRef = useRef(resume);
  resumeRef.current = resume;
  useEffect(() => {
    if (!returnedIntent || resumed.current) return;
    resumed.current = true;
    const pending = takePendingAuthentication(cartId);
    if (pending) resumeRef.current(pending, returnedIntent);
  }, [returnedIntent, cartId]);
  return returnedIntent;
}
