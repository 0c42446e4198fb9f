import { useCallback, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { CartBundle } from '@admit/contracts/cart';
import { isCardAmountSupported } from '@admit/contracts/checkout';
import type { PaymentEntry } from '@admit/contracts/checkout';
import { formatMoney } from '@admit/contracts/money';
import { Button } from '@/ui/button';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { PaymentSection } from '@/features/checkout/components/payment-section';
import type {
  GiftCardSlotProps,
  PaymentSectionProps,
} from '@/features/checkout/components/payment-section';
import { cardFailureMessage } from '@/features/checkout/model/card-input';
import { paymentMessageText } from '@/features/checkout/model/payment-errors';
import { focusFirstInvalid } from '@/features/checkout/model/focus-first-invalid';
import type { CardInput, WalletPayment, WalletResult } from '@/features/checkout/model/card-input';
import { toMoney } from '@/features/checkout/model/checkout-view';
import { partialMessage, partialResult } from '@/features/checkout/model/partial-payment';
import { useExistingCartPayment } from '@/features/checkout/use-existing-cart-payment';
import type { ExistingCartPayer } from '@/features/checkout/use-existing-cart-payment';
import { useAuthenticationReturn } from '@/features/checkout/use-authentication-return';
import { usePublishPayState } from '@/features/checkout/pay-state';
import { CHECKOUT_FORM_ID } from '@/features/checkout/components/mobile-pay-button';
import styles from '@/features/checkout/checkout.module.css';

export interface ExistingCartPaymentProps {
  bundle: CartBundle;
  title: string;
  /** what the page says above the payment (the order number and its schedule; the change) */
  intro: ReactNode;
  /** the partial payment options (a balance with scheduled payments) */
  amountChoice?: ReactNode;
  /** what this payment pays, in minor units */
  minor: number;
  /** what was outstanding before it (the partial result's "paid") */
  outstandingBefore: number;
  payer: ExistingCartPayer;
  GiftCard?: ComponentType<GiftCardSlotProps> | undefined;
}

/**
 * The checkout screen for a cart whose buyer is known (identity §2 "Checkout": a route param
 * loads "an existing order for payment"): an order's balance (decision 0021) or an order edit's
 * difference (/manage/{orderId}/confirm "reuses the checkout screen", decision 0039). No identity
 * form and no terms: the gift card (the app's slot), the card or wallet and the pay button, which
 * the phone footer mirrors (pay-state.tsx).
 */
export function ExistingCartPayment({
  bundle,
  title,
  intro,
  amountChoice,
  minor,
  outstandingBefore,
  payer,
  GiftCard,
}: ExistingCartPaymentProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const config = useSellerConfig();
  const cart = bundle.cart._data[0]!;
  const currency = bundle.cart_fees._data[0]?.currency_code ?? config.currency;
  const money = useCallback(
    (amount: number) => formatMoney(toMoney(amount), currency, config.locale),
    [currency, config.locale],
  );
  // the card section, sandbox fields or Stripe Elements (decision 0022)
  const cardInput = useRef<CardInput | null>(null);
  const [partial, setPartial] = useState<PaymentSectionProps['partial']>(null);
  const supported = isCardAmountSupported(minor, currency);
  const formRef = useRef<HTMLFormElement>(null);

  // identity §4 "Checkout result" partial: stay, say what was paid and the next due payment
  const onPartial = useCallback(
    (after: CartBundle) => {
      setPartial(partialMessage(partialResult(outstandingBefore, after), money, config.locale));
      cardInput.current?.clear();
    },
    [outstandingBefore, money, config.locale],
  );
  const payment = useExistingCartPayment(bundle, payer, onPartial);

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
    const return_url = payer.returnUrl;
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
      <h1>{title}</h1>
      {intro}
      <PaymentSection
        bundle={bundle}
        amountChoice={amountChoice}
        amount={toMoney(minor)}
        free={false}
        supported={supported}
        cardInput={{ inputRef: cardInput, currency, onWalletPayment }}
        partial={partial}
        GiftCard={GiftCard}
        // a gift card pays at most this payment's amount, and its answer is taken like a card's
        giftCardLimit={toMoney(minor)}
        giftCardPay={payer.pay}
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
