import { useCallback, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import type { CartBundle } from '@admit/contracts/cart';
import { isCardAmountSupported } from '@admit/contracts/checkout';
import type { PaymentEntry } from '@admit/contracts/checkout';
import { Button } from '@/ui/button';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { PaymentSection } from '@/features/checkout/components/payment-section';
import type {
  GiftCardSlotProps,
  PaymentSectionProps,
} from '@/features/checkout/components/payment-section';
import { ScheduleSection } from '@/features/checkout/components/schedule-section';
import { PartialPaymentOptions } from '@/features/checkout/components/partial-payment-options';
import { cardFailureMessage } from '@/features/checkout/model/card-input';
import { paymentMessageText } from '@/features/checkout/model/payment-errors';
import { focusFirstInvalid } from '@/features/checkout/model/focus-first-invalid';
import type { CardInput, WalletPayment, WalletResult } from '@/features/checkout/model/card-input';
import { toMoney } from '@/features/checkout/model/checkout-view';
import { partialMessage, partialResult } from '@/features/checkout/model/partial-payment';
import { usePartialPayment } from '@/features/checkout/use-partial-payment';
import { useBalancePayment } from '@/features/checkout/use-balance-payment';
import { useAuthenticationReturn } from '@/features/checkout/use-authentication-return';
import { usePublishPayState } from '@/features/checkout/pay-state';
import { CHECKOUT_FORM_ID } from '@/features/checkout/components/mobile-pay-button';
import styles from '@/features/checkout/checkout.module.css';

/**
 * /checkout/{cartId} for an order that still has a balance (identity §2 "Checkout": a route
 * param loads "an existing order for payment"; decision 0021). The order and its purchaser
 * exist, so there is no identity form and no terms: the schedule, the partial payment options,
 * the gift card (the app's slot), the card or wallet and the pay button, which the phone footer
 * mirrors (pay-state.tsx).
 */
export function BalanceCheckout({
  bundle,
  GiftCard,
}: {
  bundle: CartBundle;
  GiftCard?: ComponentType<GiftCardSlotProps> | undefined;
}) {
  const t = useStrings(CHECKOUT_STRINGS);
  const config = useSellerConfig();
  const cart = bundle.cart._data[0]!;
  const order = bundle.ticket_order?._data[0];
  const currency = bundle.cart_fees._data[0]?.currency_code ?? config.currency;
  const money = useCallback(
    (minor: number) => formatMoney(toMoney(minor), currency, config.locale),
    [currency, config.locale],
  );
  // the card section, sandbox fields or Stripe Elements (decision 0022)
  const cardInput = useRef<CardInput | null>(null);
  const [partial, setPartial] = useState<PaymentSectionProps['partial']>(null);
  const partialPayment = usePartialPayment(bundle, true);
  const minor = partialPayment.minor;
  const supported = isCardAmountSupported(minor, currency);
  const formRef = useRef<HTMLFormElement>(null);

  // identity §4 "Checkout result" partial: stay, say what was paid and the next due payment
  const outstandingBefore = partialPayment.outstanding;
  const onPartial = useCallback(
    (after: CartBundle) => {
      setPartial(partialMessage(partialResult(outstandingBefore, after), money));
      cardInput.current?.clear();
    },
    [outstandingBefore, money],
  );
  const payment = useBalancePayment(bundle, onPartial);

  // identity §4 "Payment intent": back from the authentication page, complete the payment
  const returnedIntent = useAuthenticationReturn(cart.id, (pending, intentId) => {
    const gateway_data = { ...pending.body.gateway_data, payment_intent_id: intentId };
    void payment.submit({ ...pending.body, gateway_data });
  });

  const onSubmit = async (wallet?: WalletPayment) => {
    payment.setMessage(null);
    setPartial(null);
    if (!supported) return 'failed';
    const input = cardInput.current;
    // a wallet brings its own payment method: the card fields are not checked
    if (!wallet && input && !input.validate()) {
      focusFirstInvalid(formRef.current);
      return 'failed';
    }
    const return_url = `/${config.seller.slug}/checkout/${cart.id}`;
    let gateway_data: Record<string, unknown>;
    if (wallet) {
      gateway_data = { source: wallet.paymentMethodId, source_type: 'wallet', return_url };
    } else {
      if (!input) {
        payment.setMessage({ keys: ['checkout.card.provider-unavailable'] });
        return 'failed';
      }
      try {
        gateway_data = { source: await input.paymentMethod(), source_type: 'card', return_url };
      } catch (error) {
        // identity §8 "Card provider error": not charged, then the provider's message
        payment.setMessage(cardFailureMessage(error));
        return 'failed';
      }
    }
    const entry: PaymentEntry = { amount: toMoney(minor), gateway_id: 'stripe', gateway_data };
    const authenticate = wallet ? wallet.authenticate : input?.authenticate;
    const outcome = await payment.submit(entry, { authenticate });
    if (outcome === 'failed' && !wallet) input?.forget();
    return outcome;
  };

  const onWalletPayment = async (wallet: WalletPayment): Promise<WalletResult> =>
    (await onSubmit(wallet)) === 'completed' ? 'success' : 'fail';

  const message = payment.message;
  const payDisabled = payment.busy || !supported;
  const payLabel = payment.busy
    ? t(returnedIntent ? 'checkout.authenticating' : 'checkout.paying')
    : t('checkout.pay', { amount: money(minor) });
  // the phone footer's pay button mirrors this one (components/mobile-pay-button.tsx)
  usePublishPayState({ label: payLabel, disabled: payDisabled });
  return (
    <form
      ref={formRef}
      id={CHECKOUT_FORM_ID}
      noValidate
      className={styles.main}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <h1>{t('checkout.balance.title')}</h1>
      {order && <p>{t('checkout.balance.order', { number: order.order_number })}</p>}
      <ScheduleSection bundle={bundle} outstanding={partialPayment.outstanding} />
      <PaymentSection
        bundle={bundle}
        amountChoice={<PartialPaymentOptions partial={partialPayment} currency={currency} />}
        amount={toMoney(minor)}
        free={false}
        supported={supported}
        cardInput={{ inputRef: cardInput, currency, onWalletPayment }}
        partial={partial}
        GiftCard={GiftCard}
        // a gift card pays at most the chosen amount, and its answer is taken like a card's
        giftCardLimit={toMoney(minor)}
        onPaid={payment.accept}
      />
      {message && (
        <p role="alert" className={styles.alert}>
          {paymentMessageText(message, t)}
        </p>
      )}
      <Button type="submit" fullWidth disabled={payDisabled}>
        {payLabel}
      </Button>
    </form>
  );
}
