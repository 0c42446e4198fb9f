import { useEffect, useRef, useState } from 'react';
import type { PaymentRequest, PaymentRequestPaymentMethodEvent, Stripe } from '@stripe/stripe-js';
import { decimalToMinor } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import type { CardInputProps, WalletResult } from '@/features/checkout/model/card-input';
import { defaultPhoneCountry } from '@/ui/country/phone-country';
import { handleCardAction } from '@/features/checkout/stripe/load-stripe';
import styles from '@/features/checkout/stripe/stripe.module.css';

export type WalletButtonProps = { stripe: Stripe } & Omit<
  CardInputProps,
  'inputRef' | 'onWalletPayment'
> &
  Required<Pick<CardInputProps, 'onWalletPayment'>>;

/**
 * The Payment Request Button (Apple Pay, Google Pay, browser cards), shown only when
 * `canMakePayment()` answers. spec: identity §7, §9 — the wallet's amount is in minor units.
 */
export function WalletButton({ stripe, amount, currency, onWalletPayment }: WalletButtonProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const config = useSellerConfig();
  // the Stripe account's country is not in the config: the seller's country (decision 0022)
  const country = defaultPhoneCountry(config.default_phone_country, config.currency);
  const label = config.seller.name;
  const total = decimalToMinor(amount);
  const totalRef = useRef(total);
  const onPayment = useRef(onWalletPayment);
  const [request, setRequest] = useState<PaymentRequest | null>(null);
  const mountRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    onPayment.current = onWalletPayment;
    totalRef.current = total;
  });

  useEffect(() => {
    let live = true;
    const paymentRequest = stripe.paymentRequest({
      country,
      currency: currency.toLowerCase(),
      total: { label, amount: totalRef.current },
      requestPayerName: true,
      requestPayerEmail: true,
    });
    paymentRequest.on('paymentmethod', (event) => void pay(stripe, event, onPayment.current));
    paymentRequest.canMakePayment().then(
      (answer) => live && answer && setRequest(paymentRequest),
      () => undefined,
    );
    return () => {
      live = false;
      paymentRequest.off('paymentmethod');
      setRequest(null);
    };
  }, [stripe, country, currency, label]);

  // the checkout's amount changes (gift card, partial payment): the sheet shows the new total
  useEffect(() => {
    if (request && !request.isShowing()) request.update({ total: { label, amount: total } });
  }, [request, label, total]);

  useEffect(() => {
    if (!request || !mountRef.current) return;
    const button = stripe.elements().create('paymentRequestButton', { paymentRequest: request });
    button.mount(mountRef.current);
    return () => button.destroy();
  }, [stripe, request]);

  if (!request) return null;
  return (
    <div className={styles.wallet}>
      <div ref={mountRef} />
      <p className={styles.divider}>{t('checkout.wallet.or-card')}</p>
    </div>
  );
}

/** Sends the wallet's payment method through the checkout and closes the sheet by the answer. */
async function pay(
  stripe: Stripe,
  event: PaymentRequestPaymentMethodEvent,
  onWalletPayment: WalletButtonProps['onWalletPayment'],
) {
  let completed = false;
  const complete = (status: WalletResult) => {
    if (completed) return;
    completed = true;
    event.complete(status);
  };
  try {
    const result = await onWalletPayment({
      paymentMethodId: event.paymentMethod.id,
      payerName: event.payerName ?? null,
      payerEmail: event.payerEmail ?? null,
      payerPostalCode: event.paymentMethod.billing_details?.address?.postal_code ?? null,
      // Stripe: close the sheet before a 3-D Secure challenge can show
      authenticate: async (clientSecret) => {
        complete('success');
        await handleCardAction(stripe, clientSecret);
      },
    });
    complete(result);
  } catch {
    complete('fail');
  }
}
