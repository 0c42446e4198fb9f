import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import type { PaymentEntry } from '@admit/contracts/checkout';
import { payCart } from '@/api/checkout/pay-cart';
import type { PayResult } from '@/api/checkout/pay-cart';
import { useAttemptKey } from '@/api/checkout/idempotency';
import { classifyPaymentError, runInPageStep } from '@/features/checkout/model/payment-errors';
import { cardFailureMessage } from '@/features/checkout/model/card-input';
import { outstandingMinor } from '@/features/checkout/model/checkout-view';
import { savePendingAuthentication } from '@/features/checkout/model/pending-authentication';
import { redirectBrowser } from '@/features/checkout/model/browser-redirect';
import { balanceCartQueryKey } from '@/features/checkout/use-balance-cart';
import type {
  PaymentMessage,
  PaymentOutcome,
  SubmitOptions,
} from '@/features/checkout/use-checkout-payment';

/** The order page (the spec's /manage/{orderId} does not exist yet: decision 0021). */
export function orderPath(orderId: string): string {
  return `/ticket_order/${encodeURIComponent(orderId)}`;
}

/**
 * Pays towards the balance of an existing order: POST cart/{id}/pay (a guest's cart) or
 * my/cart/{id}/pay on the order's completed cart. The answer is the cart with the new totals:
 * something left → `onPartial` (stay, identity §4 "partial"); nothing left → the order page
 * (identity §4 "completed … or to /manage/{orderId} when paying an existing order"). Same
 * Idempotency-Key rules as the checkout (use-checkout-payment.ts). `accept` takes the answer of
 * a gift card payment (made by the gift card modal) the same way.
 */
export function useBalancePayment(bundle: CartBundle, onPartial: (after: CartBundle) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<PaymentMessage | null>(null);
  const attempt = useAttemptKey();
  const cart = bundle.cart._data[0]!;
  const orderId = bundle.ticket_order?._data[0]?.id ?? '';

  const toOrder = useCallback(
    (id: string) => {
      // the order page shows the balance: read it afresh, never the balance from before
      queryClient.removeQueries({ queryKey: ['ticket_order'] });
      navigate(orderPath(id));
    },
    [navigate, queryClient],
  );

  /** A pay call's answer, by card, wallet or the gift card modal: stay or go to the order. */
  const accept = useCallback(
    (result: PayResult) => {
      setMessage(null);
      if (result.kind === 'completed') {
        toOrder(result.order.ticket_order._data[0]?.id ?? orderId);
        return;
      }
      // paid up: straight to the order (keeping this cart would show it as a gone cart)
      if (outstandingMinor(result.bundle) === 0) {
        toOrder(result.bundle.ticket_order?._data[0]?.id ?? orderId);
        return;
      }
      queryClient.setQueryData(balanceCartQueryKey(cart.id), result.bundle);
      onPartial(result.bundle);
    },
    [cart.id, onPartial, orderId, queryClient, toOrder],
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
        const result = await payCart(cart.id, entry, key, cart.ownedByPublicIdentity);
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
            void queryClient.invalidateQueries({ queryKey: balanceCartQueryKey(cart.id) });
            setMessage(cardFailureMessage(step.error));
            return 'failed';
          }
          const gateway_data = { ...entry.gateway_data, payment_intent_id: step.paymentIntentId };
          return submitEntry({ ...entry, gateway_data });
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
            navigate(`/checkout/pending/${encodeURIComponent(cart.id)}`);
            return 'failed';
          case 'completed':
            toOrder(failure.orderId);
            return 'failed';
          case 'expired':
            setMessage({ keys: ['checkout.error.unexpected'] });
            return 'failed';
          case 'message':
            if (failure.refreshCart) {
              void queryClient.invalidateQueries({ queryKey: balanceCartQueryKey(cart.id) });
            }
            setMessage({ keys: failure.keys, provider: failure.provider, note: failure.note });
            return 'failed';
          case 'retryable':
            setMessage({ keys: failure.keys });
            return 'retry';
        }
      }
    },
    [accept, attempt, cart.id, cart.ownedByPublicIdentity, navigate, queryClient, toOrder],
  );

  return { submit, accept, busy, message, setMessage };
}
