import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CheckoutResponse } from '@admit/contracts/checkout';
import { checkoutCart } from '@/features/checkout/api/checkout-cart';
import type { CheckoutCall } from '@/features/checkout/api/checkout-cart';
import { useAttemptKey } from '@/api/checkout/idempotency';
import { clearCart } from '@/stores/cart-store';
import { cartQueryKey } from '@/api/cart/cart-query-key';
import { rememberCheckoutSecrets } from '@/stores/order-secrets';
import type { CheckoutStringKey } from '@/features/checkout/strings';
import { classifyPaymentError, runInPageStep } from '@/features/checkout/model/payment-errors';
import { cardFailureMessage } from '@/features/checkout/model/card-input';
import { savePendingAuthentication } from '@/features/checkout/model/pending-authentication';
import { redirectBrowser } from '@/features/checkout/model/browser-redirect';

export interface PaymentMessage {
  keys: CheckoutStringKey[];
  provider?: string;
  /** shown after the provider's message (identity §8: the wallet's postcode note) */
  note?: CheckoutStringKey;
}

export interface SubmitOptions {
  /** the card provider's in-page authentication step (Stripe.js; decision 0022) */
  authenticate?: (clientSecret: string) => Promise<void>;
}

/** completed; failed with a definite answer; or no answer, to be retried as the same attempt */
export type PaymentOutcome = 'completed' | 'failed' | 'retry';

/** The order page for a completed checkout (identity §4 "Checkout result": completed). */
export function completePath(orderIds: string[]): string {
  return `/checkout/complete?orderIds=${orderIds.map(encodeURIComponent).join(',')}`;
}

/**
 * Sends the checkout call and follows its result (identity §4): completed → the order page;
 * pending (intent_processing) → the pending page; 402 intent_requires_action → the card
 * authentication page, back to this checkout; card errors → message and a fresh cart.
 * One Idempotency-Key per attempt: kept while the answer is unknown (network, 409 still
 * running) so a retry can never charge twice, replaced after any definite answer.
 */
export function useCheckoutPayment(cartId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<PaymentMessage | null>(null);
  const attempt = useAttemptKey();

  // the completed page forgets the stored cart: clearing it here would send this page to
  // /events before the navigation lands
  const finish = useCallback(
    (order: CheckoutResponse) => {
      // a guest's order is read through its secret (stores/order-secrets.ts)
      rememberCheckoutSecrets(order);
      // navigate's promise (a data router's) settles once the page has changed: no one waits
      void navigate(completePath(order.ticket_order._data.map((o) => o.id)));
    },
    [navigate],
  );

  const submit = useCallback(
    async function submitCall(
      call: CheckoutCall,
      options: SubmitOptions = {},
    ): Promise<PaymentOutcome> {
      const key = attempt.keyFor(JSON.stringify(call));
      setBusy(true);
      setMessage(null);
      try {
        const order = await checkoutCart(cartId, call, key);
        attempt.end();
        finish(order);
        return 'completed';
      } catch (error) {
        const step = await runInPageStep(error, options.authenticate);
        if (step) {
          attempt.end();
          if (!step.ok) {
            setBusy(false);
            void queryClient.invalidateQueries({ queryKey: cartQueryKey(cartId) });
            setMessage(cardFailureMessage(step.error));
            return 'failed';
          }
          const gateway_data = {
            ...call.body.gateway_data,
            payment_intent_id: step.paymentIntentId,
          };
          return submitCall({ ...call, body: { ...call.body, gateway_data } } as CheckoutCall);
        }
        const wallet = call.body.gateway_data.source_type === 'wallet';
        const failure = classifyPaymentError(error, { wallet });
        if (failure.kind !== 'retryable') attempt.end();
        setBusy(false);
        switch (failure.kind) {
          case 'authenticate':
            savePendingAuthentication(cartId, call);
            redirectBrowser(failure.url);
            return 'failed';
          case 'pending':
            void navigate(`/checkout/pending/${encodeURIComponent(cartId)}`);
            return 'failed';
          case 'completed':
            void navigate(completePath([failure.orderId]));
            return 'failed';
          case 'expired':
            clearCart();
            void navigate('/events');
            return 'failed';
          case 'message':
            if (failure.refreshCart) {
              void queryClient.invalidateQueries({ queryKey: cartQueryKey(cartId) });
            }
            setMessage({ keys: failure.keys, provider: failure.provider, note: failure.note });
            return 'failed';
          case 'retryable':
            setMessage({ keys: failure.keys });
            return 'retry';
        }
      }
    },
    [attempt, cartId, finish, navigate, queryClient],
  );

  return { submit, busy, message, setMessage };
}
