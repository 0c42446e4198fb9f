import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { CardProviderError } from '@/features/checkout/model/card-input';
import { CARD_FIELD_ATTRIBUTE } from '@/features/checkout/model/checkout-start';
import type { CardInputProps } from '@/features/checkout/model/card-input';
import {
  handleCardAction,
  handleSetupAction,
  loadStripeFor,
} from '@/features/checkout/stripe/load-stripe';
import { WalletButton } from '@/features/checkout/stripe/wallet-button';
import checkoutStyles from '@/features/checkout/checkout.module.css';
import styles from '@/features/checkout/stripe/stripe.module.css';

export interface StripeCardInputProps extends CardInputProps {
  publishableKey: string;
}

/** Stripe Elements' card field and, where the browser offers one, the wallet button. */
export function StripeCardInput(props: StripeCardInputProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const [stripe, setStripe] = useState<Stripe | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    loadStripeFor(props.publishableKey).then(
      (loaded) => live && setStripe(loaded),
      () => live && setStripe('failed'),
    );
    return () => {
      live = false;
    };
  }, [props.publishableKey]);

  // spec: identity §8 "Card provider not loadable"
  if (stripe === 'failed') {
    return (
      <p role="alert" className={checkoutStyles.alert}>
        {t('checkout.card.provider-unavailable')}
      </p>
    );
  }
  if (!stripe) return <p className={checkoutStyles.note}>{t('checkout.card.loading')}</p>;
  return (
    <>
      {props.onWalletPayment && (
        <WalletButton
          stripe={stripe}
          amount={props.amount}
          currency={props.currency}
          onWalletPayment={props.onWalletPayment}
        />
      )}
      <CardElementField
        stripe={stripe}
        inputRef={props.inputRef}
        hidePostalCode={props.postcodeFromPurchaser ?? false}
      />
    </>
  );
}

interface CardState {
  complete: boolean;
  error: string | null;
}

function CardElementField({
  stripe,
  inputRef,
  hidePostalCode,
}: { stripe: Stripe; hidePostalCode: boolean } & Pick<CardInputProps, 'inputRef'>) {
  const t = useStrings(CHECKOUT_STRINGS);
  const { theme } = useSellerConfig();
  const id = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const state = useRef<CardState>({ complete: false, error: null });
  // the payment method of the entered card: a retry without an answer sends the same one
  const method = useRef<string | null>(null);
  const [shownError, setShownError] = useState<string | null>(null);

  useEffect(() => {
    const card = stripe.elements().create('card', {
      // a guest's ZIP is asked once, by the purchaser form, and sent as billing details
      hidePostalCode,
      style: {
        base: { color: theme.colors.text, fontFamily: theme.fonts.body, fontSize: '16px' },
        invalid: { color: theme.colors.danger },
      },
    });
    card.on('change', (event) => {
      state.current = { complete: event.complete, error: event.error?.message ?? null };
      method.current = null;
      setShownError(event.error?.message ?? null);
    });
    card.mount(mountRef.current!);
    cardRef.current = card;
    return () => {
      card.destroy();
      cardRef.current = null;
    };
  }, [stripe, theme, hidePostalCode]);

  useImperativeHandle(
    inputRef,
    () => ({
      validate() {
        const { complete, error } = state.current;
        setShownError(complete ? null : (error ?? t('checkout.card.incomplete')));
        return complete;
      },
      async paymentMethod(billing) {
        if (method.current) return method.current;
        const postalCode = hidePostalCode ? billing?.postalCode : undefined;
        const result = await stripe.createPaymentMethod({
          type: 'card',
          card: cardRef.current!,
          ...(postalCode ? { billing_details: { address: { postal_code: postalCode } } } : {}),
        });
        if (result.error) {
          throw new CardProviderError(result.error.message ?? '', result.error.code ?? null);
        }
        method.current = result.paymentMethod.id;
        return method.current;
      },
      forget() {
        method.current = null;
      },
      clear() {
        cardRef.current?.clear();
        state.current = { complete: false, error: null };
        method.current = null;
        setShownError(null);
      },
      authenticate: (clientSecret) => handleCardAction(stripe, clientSecret),
      authenticateSetup: (clientSecret) => handleSetupAction(stripe, clientSecret),
    }),
    [stripe, t, hidePostalCode],
  );

  return (
    <div className={checkoutStyles.field} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`}>{t('checkout.card.details')}</span>
      <div
        ref={mountRef}
        className={styles.element}
        tabIndex={-1}
        {...{ [CARD_FIELD_ATTRIBUTE]: '' }}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
        // the checkout focuses the first invalid field; the card field lives in Stripe's frame
        onFocus={(event) => {
          if (event.target === event.currentTarget) cardRef.current?.focus();
        }}
      />
      {shownError && (
        <p id={`${id}-error`} className={checkoutStyles.fieldError}>
          {shownError}
        </p>
      )}
    </div>
  );
}
