import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import type { PaymentEntry } from '@admit/contracts/checkout';
import type { PayEntry, PayResult } from '@/api/checkout/pay-cart';
import { useAttemptKey } from '@/api/checkout/idempotency';
import { classifyPaymentError, runInPageStep } from '@/features/checkout/model/payment-errors';
import { cardFailureMessage } from '@/features/checkout/model/card-input';
import { outstandingMinor } from '@/features/checkout/model/checkout-view';
import { savePendingAuthentication } from '@/features/checkout/model/pending-authentication';
import { redirectBrowser } from '@/features/checkout/model/browser-redirect';
import type {
  PaymentMessage,
  PaymentOutcome,
  SubmitOptions,
} from '@/features/checkout/use-checkout-payment';

/**
 * Who pays a cart that is not the visitor's shopping cart, and where the visitor goes after:
 * an order's balance (decision 0021) or an order edit's difference (identity §2 "Manage order",
 * /manage/{orderId}/confirm; decision 0039).
 */
export interface ExistingCartPayer {
  /** sends one payment entry (card, wallet or gift card) with its Idempotency-Key */
  pay: PayEntry;
  /** the query the cart was read with: refreshed after a card error, given a partial answer */
  cartQueryKey: readonly unknown[];
  /** where the card's authentication page sends the browser back to (identity §4) */
  returnUrl: string;
  /** nothing left to pay (identity §4 "Checkout result" completed) */
  onCompleted: (orderId: string) => void;
  /** a refusal the page shows in its own words (the manage restart message); true: shown */
  onRefused?: (error: unknown) => boolean;
  /** a partial answer, for a cart whose read holds more than the bundle (the edit) */
  storePartial?: (bundle: CartBundle) => void;
  /** a processing payment (identity §4 "pending"); default: the checkout's pending page */
  onPending?: () => void;
}

/**
 * Pays towards a cart that already has an order (its balance) or belongs to one (its edit):
 * `payer.pay` on the cart. The answer is the cart with the new totals: something left →
 * `onPartial` (stay, identity §4 "partial"); nothing left → `payer.onCompleted`. Same
 * Idempotency-Key rules as the checkout (use-checkout-payment.ts). `accept` takes the answer of
 * a gift card payment (made by the gift card modal) the same way.
 */
export function useExistingCartPayment(
  bundle: CartBundle,
  payer: ExistingCartPayer,
  onPartial: (after: CartBundle) => void,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<PaymentMessage | null>(null);
  const attempt = useAttemptKey();
  const cart = bundle.cart._data[0]!;
  const orderId = bundle.ticket_order?._data[0]?.id ?? '';
  const { pay, cartQueryKey, onCompleted, onRefused, storePartial, onPending } = payer;

  /** A pay call's answer, by card, wallet or the gift card modal: stay or go on. */
  const accept = useCallback(
    (result: PayResult) => {
      setMessage(null);
      if (result.kind === 'completed') {
        onCompleted(result.order.ticket_order._data[0]?.id ?? orderId);
        return;
      }
      // paid up: straight on (keeping this cart would show it as a gone cart)
      if (outstandingMinor(result.bundle) === 0) {
        onCompleted(result.bundle.ticket_order?._data[0]?.id ?? orderId);
        return;
      }
      if (storePartial) storePartial(result.bundle);
      else queryClient.setQueryData(cartQueryKey, result.bundle);
      onPartial(result.bundle);
    },
    [cartQueryKey, onCompleted, onPartial, orderId, queryClient, storePartial],
  );

  const submit = useCallback(
    async function submitEntry(
      entry: PaymentEntry,
      options: SubmitOptions = {},
    ): Promise<PaymentOutcome> {
      const key = attempt.keyFor(JSON.stringify(entry));
      setBusy(true);
      setMessage(null);
      try {
        const result = await pay(entry, key);
        attempt.end();
        setBusy(false);
        accept(result);
        return 'completed';
      } catch (error) {
        const step = await runInPageStep(error, options.authenticate);
        if (step) {
          attempt.end();
          if (!step.ok) {
            setBusy(false);
            void queryClient.invalidateQueries({ queryKey: cartQueryKey });
            setMessage(cardFailureMessage(step.error));
            return 'failed';
          }
          const gateway_data = { ...entry.gateway_data, payment_intent_id: step.paymentIntentId };
          return submitEntry({ ...entry, gateway_data });
        }
        if (onRefused?.(error)) {
          attempt.end();
          setBusy(false);
          return 'failed';
        }
        const wallet = entry.gateway_data.source_type === 'wallet';
        const failure = classifyPaymentError(error, { wallet });
        if (failure.kind !== 'retryable') attempt.end();
        setBusy(false);
        switch (failure.kind) {
          case 'authenticate':
            savePendingAuthentication(cart.id, {
              kind: cart.ownedByPublicIdentity ? 'guest' : 'member',
              body: entry,
            });
            redirectBrowser(failure.url);
            return 'failed';
          case 'pending':
            // navigate's promise (a data router's) settles once the page has changed: no one waits
            if (onPending) onPending();
            else void navigate(`/checkout/pending/${encodeURIComponent(cart.id)}`);
            return 'failed';
          case 'completed':
            onCompleted(failure.orderId);
            return 'failed';
          case 'expired':
            setMessage({ keys: ['checkout.error.unexpected'] });
            return 'failed';
          case 'message':
            if (failure.refreshCart) {
              void queryClient.invalidateQueries({ queryKey: cartQueryKey });
            }
            setMessage({ keys: failure.keys, provider: failure.provider, note: failure.note });
            return 'failed';
          case 'retryable':
            setMessage({ keys: failure.keys });
            return 'retry';
        }
      }
    },
    [
      accept,
      attempt,
      cart.id,
      cart.ownedByPublicIdentity,
      cartQueryKey,
      navigate,
      onCompleted,
      onPending,
      onRefused,
      pay,
      queryClient,
    ],
  );

  return { submit, accept, busy, message, setMessage };
}
