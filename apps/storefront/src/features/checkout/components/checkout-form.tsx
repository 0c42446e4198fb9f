import { useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import type { CartBundle } from '@admit/contracts/cart';
import { isCardAmountSupported } from '@admit/contracts/checkout';
import type { PaymentEntry } from '@admit/contracts/checkout';
import { SCROLL_INTO_VIEW_DELAY_MS } from '@admit/contracts/constants';
import type { PayResult } from '@/api/checkout/pay-cart';
import type { CheckoutCall } from '@/api/checkout/checkout-cart';
import { Button } from '@/ui/button';
import { formatMoney } from '@/ui/price';
import { useSellerConfig } from '@/ui/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { PaymentSection } from '@/features/checkout/components/payment-section';
import type { GiftCardSlotProps } from '@/features/checkout/components/payment-section';
import { IdentitySection } from '@/features/checkout/components/identity-section';
import { EMPTY_CARD, parseCard } from '@/features/checkout/model/card-form';
import type { CardErrors, CardValues } from '@/features/checkout/model/card-form';
import { getCaptchaProvider } from '@/features/checkout/model/captcha';
import { classifyPaymentError } from '@/features/checkout/model/payment-errors';
import {
  outstandingMinor,
  portalTermsText,
  toMoney,
} from '@/features/checkout/model/checkout-view';
import { takePendingAuthentication } from '@/features/checkout/model/pending-authentication';
import { defaultPhoneCountry } from '@/features/checkout/model/phone-country';
import {
  checkoutFormSchema,
  EMPTY_PURCHASER,
  toPurchaser,
} from '@/features/checkout/model/purchaser-form';
import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';
import { completePath, useCheckoutPayment } from '@/features/checkout/use-checkout-payment';
import { rememberCheckoutSecrets } from '@/api/orders/order-secrets';
import { useCardToken } from '@/features/checkout/use-card-token';
import styles from '@/features/checkout/checkout.module.css';

export interface CheckoutFormProps {
  bundle: CartBundle;
  GiftCard?: ComponentType<GiftCardSlotProps>;
}

/** Focuses and scrolls to the first invalid field in page order (identity §5, §9: 100 ms). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  setTimeout(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView?.({ block: 'center' });
  }, SCROLL_INTO_VIEW_DELAY_MS);
}

/**
 * Payment information, your information, terms and the pay button (identity §2 "Checkout",
 * §4 "Checkout result", §5, §6). A guest (the cart owned by the public identity) checks out
 * with the purchaser form; a member's cart hides it and shows the account's e-mail.
 */
export function CheckoutForm({ bundle, GiftCard }: CheckoutFormProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const config = useSellerConfig();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const cart = bundle.cart._data[0]!;
  const guest = cart.ownedByPublicIdentity;
  const currency = bundle.cart_fees._data[0]?.currency_code ?? config.currency;
  // spec: shopping §9 — the configured default, else the seller's currency
  const phoneCountry = defaultPhoneCountry(config.default_phone_country, config.currency);
  const terms = portalTermsText(bundle);
  const schema = useMemo(
    () => checkoutFormSchema({ identity: guest, phoneCountry, termsRequired: terms !== null }),
    [guest, phoneCountry, terms],
  );
  const form = useForm<PurchaserValues>({
    defaultValues: EMPTY_PURCHASER,
    resolver: zodResolver(schema as never),
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [formError, setFormError] = useState(false);
  const [partial, setPartial] = useState<{ paid: string; next: string } | null>(null);
  const payment = useCheckoutPayment(cart.id);
  const cardToken = useCardToken();

  const minor = outstandingMinor(bundle);
  const free = minor === 0;
  const supported = free || isCardAmountSupported(minor, currency);
  const money = (value: number) => formatMoney(toMoney(value), currency, config.locale);

  // identity §4 "Payment intent": back from the authentication page, complete the payment
  const resumed = useRef(false);
  const returnedIntent =
    searchParams.get('payment_intent') ?? searchParams.get('payment_intent_client_secret');
  useEffect(() => {
    if (!returnedIntent || resumed.current) return;
    resumed.current = true;
    const pending = takePendingAuthentication(cart.id);
    if (!pending) return;
    const gateway_data = { ...pending.body.gateway_data, payment_intent_id: returnedIntent };
    void payment.submit({ ...pending, body: { ...pending.body, gateway_data } } as CheckoutCall);
  }, [returnedIntent, cart.id, payment]);

  // identity §4 "Checkout result": partial → stay, say what was paid, clear card, reset terms
  const onPaid = (result: PayResult) => {
    if (result.kind === 'completed') {
      rememberCheckoutSecrets(result.order);
      navigate(completePath(result.order.ticket_order._data.map((o) => o.id)));
      return;
    }
    const next = outstandingMinor(result.bundle);
    setPartial({ paid: money(Math.max(minor - next, 0)), next: money(next) });
    setCard(EMPTY_CARD);
    form.setValue('terms', false);
  };

  const onSubmit = async () => {
    setFormError(false);
    payment.setMessage(null);
    const valid = await form.trigger();
    const parsed = free || !supported ? null : parseCard(card, new Date());
    const errors = parsed && 'errors' in parsed ? parsed.errors : {};
    setCardErrors(errors);
    if (!valid || Object.keys(errors).length > 0) {
      setFormError(true);
      focusFirstInvalid(formRef.current);
      return;
    }
    if (!supported) return;
    let gateway_data: Record<string, unknown> = {};
    if (parsed && 'body' in parsed) {
      try {
        const source = await cardToken.tokenFor(parsed.body);
        const return_url = `/${config.seller.slug}/checkout/${cart.id}`;
        gateway_data = { source, source_type: 'card', return_url };
      } catch (error) {
        // identity §8 "Card provider error": not charged, then the provider's message
        const failure = classifyPaymentError(error);
        payment.setMessage(
          failure.kind === 'message' && failure.provider
            ? { keys: failure.keys, provider: failure.provider }
            : { keys: ['checkout.error.not-charged', 'checkout.error.payment-general'] },
        );
        return;
      }
    }
    const captchaProvider = guest ? getCaptchaProvider() : null;
    const entry: PaymentEntry = {
      amount: toMoney(minor),
      gateway_id: free ? 'free' : 'stripe',
      gateway_data,
      ...(captchaProvider
        ? { captcha: { provider: captchaProvider.name, token: await captchaProvider.getToken() } }
        : {}),
    };
    const values = form.getValues();
    const call: CheckoutCall = guest
      ? {
          kind: 'guest',
          body: { ...entry, purchaser: toPurchaser(values, phoneCountry), send_email: true },
        }
      : { kind: 'member', body: entry };
    // a declined token is never reused; one without an answer is, with the same key
    if ((await payment.submit(call)) === 'failed') cardToken.forget();
  };

  const message = payment.message;
  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        id="checkout-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
        className={styles.main}
      >
        <PaymentSection
          bundle={bundle}
          amount={toMoney(minor)}
          free={free}
          supported={supported}
          card={card}
          cardErrors={cardErrors}
          onCardChange={setCard}
          partial={partial}
          GiftCard={GiftCard}
          onPaid={onPaid}
        />
        <IdentitySection guest={guest} phoneCountry={phoneCountry} terms={terms} />
        {formError && (
          <p role="alert" className={styles.alert}>
            {t('checkout.error.form')}
          </p>
        )}
        {message && (
          <p role="alert" className={styles.alert}>
            {[...message.keys.map((key) => t(key)), message.provider].filter(Boolean).join(' ')}
          </p>
        )}
        <Button type="submit" fullWidth disabled={payment.busy || !supported}>
          {payment.busy
            ? t(returnedIntent ? 'checkout.authenticating' : 'checkout.paying')
            : free
              ? t('checkout.complete-free')
              : t('checkout.pay', { amount: money(minor) })}
        </Button>
      </form>
    </FormProvider>
  );
}
