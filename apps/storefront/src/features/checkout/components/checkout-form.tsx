import { useMemo, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { CartBundle } from '@admit/contracts/cart';
import { isCardAmountSupported } from '@admit/contracts/checkout';
import type { PayResult } from '@/api/checkout/pay-cart';
import type { CheckoutCall } from '@/features/checkout/api/checkout-cart';
import { Button } from '@/ui/button';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { storefrontPath } from '@/config/router-base';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { PaymentSection } from '@/features/checkout/components/payment-section';
import type {
  GiftCardSlotProps,
  PaymentSectionProps,
} from '@/features/checkout/components/payment-section';
import { ScheduleSection } from '@/features/checkout/components/schedule-section';
import { PartialPaymentOptions } from '@/features/checkout/components/partial-payment-options';
import { usePartialPayment } from '@/features/checkout/use-partial-payment';
import { partialMessage, partialResult } from '@/features/checkout/model/partial-payment';
import { IdentitySection } from '@/features/checkout/components/identity-section';
import { CheckoutQuestions } from '@/features/checkout/components/checkout-questions';
import { useCheckoutQuestions } from '@/features/checkout/use-checkout-questions';
import { billingFromPurchaser, cardFailureMessage } from '@/features/checkout/model/card-input';
import { focusFirstInvalid } from '@/features/checkout/model/focus-first-invalid';
import type { CardInput, WalletPayment, WalletResult } from '@/features/checkout/model/card-input';
import { fillFromWallet } from '@/features/checkout/model/wallet-payer';
import { portalTermsText, toMoney } from '@/features/checkout/model/checkout-view';
import { checkoutCallFor, withAutoRenew } from '@/features/checkout/model/checkout-call';
import { paymentMessageText } from '@/features/checkout/model/payment-errors';
import { defaultPhoneCountry } from '@/ui/country/phone-country';
import { loadPhoneNumbers } from '@/ui/country/phone-numbers';
import { checkoutFormSchema, toPurchaser } from '@/features/checkout/model/purchaser-form';
import { giftCardPrepareOf, restoreEntries } from '@/features/checkout/model/form-entries';
import { useIdentityFields } from '@/features/checkout/use-identity-fields';
import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';
import { completePath, useCheckoutPayment } from '@/features/checkout/use-checkout-payment';
import { rememberCheckoutSecrets } from '@/stores/order-secrets';
import { useCaptchaToken } from '@/features/checkout/use-captcha-token';
import { useAuthenticationReturn } from '@/features/checkout/use-authentication-return';
import { usePublishPayState } from '@/features/checkout/pay-state';
import { CHECKOUT_FORM_ID } from '@/features/checkout/components/mobile-pay-button';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '@/ui/use-media-query';
import styles from '@/features/checkout/checkout.module.css';
import { getCartState } from '@/stores/cart-store';
import { useStoredValuesHeld } from '@/stores/persisted-store';

export interface CheckoutFormProps {
  bundle: CartBundle;
  GiftCard?: ComponentType<GiftCardSlotProps>;
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
  const cart = bundle.cart._data[0]!;
  const guest = cart.ownedByPublicIdentity;
  const currency = bundle.cart_fees._data[0]?.currency_code ?? config.currency;
  // spec: shopping §9 — the configured default, else the seller's currency
  const phoneCountry = defaultPhoneCountry(config.default_phone_country, config.currency);
  const terms = portalTermsText(bundle);
  // identity §5: payment-method-specific required fields, locked fields not sent
  const fields = useIdentityFields();
  const { requiredFields } = fields;
  // a guest's ZIP field is the card's billing postcode, asked once (decision 0031); a ZIP the
  // seller locks is not the buyer's, so the card then asks its own
  const purchaserPostcode = guest && !fields.unsent.has('zip_code');
  // the order's questions for what is in the cart (decision 0064): one rule with the server's
  const { questions, emptyAnswers, answersToSend } = useCheckoutQuestions(bundle);
  const schema = useMemo(
    () =>
      checkoutFormSchema({
        identity: guest,
        phoneCountry,
        termsRequired: terms !== null,
        requiredFields,
        questions,
      }),
    [guest, phoneCountry, terms, requiredFields, questions],
  );
  const form = useForm<PurchaserValues>({
    defaultValues: { ...fields.defaults, additional_info: emptyAnswers },
    resolver: zodResolver(schema as never),
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const giftCardPrepare = giftCardPrepareOf(form, questions, answersToSend);
  // the card section, sandbox fields or Stripe Elements (decision 0022)
  const cardInput = useRef<CardInput | null>(null);
  const [formError, setFormError] = useState(false);
  const [partial, setPartial] = useState<PaymentSectionProps['partial']>(null);
  const payment = useCheckoutPayment(cart.id);
  const captchaToken = useCaptchaToken();
  const captchaFieldFor = captchaToken.fieldFor;

  // identity §4 "Partial payment options": the card pays the chosen amount
  const partialPayment = usePartialPayment(bundle);
  const minor = partialPayment.minor;
  const free = minor === 0;
  const supported = free || isCardAmountSupported(minor, currency);
  const money = (value: number) => formatMoney(toMoney(value), currency, config.locale);

  // identity §4 "Payment intent": back from the authentication page, complete the payment
  const returnedIntent = useAuthenticationReturn(cart.id, (pending, intentId) => {
    restoreEntries(form, pending.body);
    const gateway_data = { ...pending.body.gateway_data, payment_intent_id: intentId };
    // a captcha token is spent by the first call: the re-submit asks for a fresh one
    void captchaFieldFor().then((captcha) => {
      const body = { ...pending.body, gateway_data, ...captcha };
      void payment.submit({ ...pending, body } as CheckoutCall);
    });
  });

  // identity §4 "Checkout result": partial → stay, say what was paid, clear card, reset terms
  const onPaid = (result: PayResult) => {
    if (result.kind === 'completed') {
      rememberCheckoutSecrets(result.order);
      // navigate's promise (a data router's) settles once the page has changed: no one waits
      void navigate(completePath(result.order.ticket_order._data.map((o) => o.id)));
      return;
    }
    setPartial(
      partialMessage(
        partialResult(partialPayment.outstanding, result.bundle),
        money,
        config.locale,
      ),
    );
    cardInput.current?.clear();
    form.setValue('terms', false);
  };

  const onSubmit = async (wallet?: WalletPayment) => {
    setFormError(false);
    payment.setMessage(null);
    fields.method.current = wallet ? 'wallet' : free ? 'free' : 'card';
    const valid = await form.trigger();
    const input = cardInput.current;
    // a wallet brings its own payment method: the card fields are not checked
    const cardValid = wallet || free || !supported || !input || input.validate();
    if (!valid || !cardValid) {
      setFormError(true);
      focusFirstInvalid(formRef.current);
      return;
    }
    if (!supported) return;
    let gateway_data: Record<string, unknown> = {};
    const return_url = storefrontPath(config, `/checkout/${cart.id}`);
    if (wallet) {
      gateway_data = { source: wallet.paymentMethodId, source_type: 'wallet', return_url };
    } else if (!free) {
      if (!input) {
        payment.setMessage({ keys: ['checkout.card.provider-unavailable'] });
        return;
      }
      try {
        const billing = purchaserPostcode
          ? billingFromPurchaser(form.getValues('zip_code'))
          : undefined;
        const source = await input.paymentMethod(billing);
        gateway_data = { source, source_type: 'card', return_url };
      } catch (error) {
        // identity §8 "Card provider error": not charged, then the provider's message
        payment.setMessage(cardFailureMessage(error));
        return;
      }
    }
    // spec: identity §5, §8 — a dismissed (or unavailable) captcha is silent; it holds the pay back
    const captcha = await captchaToken.fieldFor();
    if (!captcha) {
      payment.setMessage({ keys: ['checkout.error.captcha'] });
      return;
    }
    const additional_info = answersToSend(form.getValues('additional_info'));
    const entry = withAutoRenew(
      {
        amount: toMoney(minor),
        gateway_id: free ? 'free' : 'stripe',
        gateway_data,
        ...captcha,
        ...(additional_info ? { additional_info } : {}),
      },
      bundle,
      // the choice belongs to the cart it was made with
      getCartState().cartId === cart.id ? getCartState().membershipAutoRenew : null,
    );
    const purchaser = guest
      ? await toPurchaser(form.getValues(), phoneCountry, fields.unsent)
      : null;
    const call = checkoutCallFor(bundle, entry, purchaser);
    // a declined token is never reused; one without an answer is, with the same key
    const authenticate = wallet ? wallet.authenticate : input?.authenticate;
    const outcome = await payment.submit(call, { authenticate });
    if (outcome !== 'retry') captchaToken.forget();
    if (outcome === 'failed' && !wallet) input?.forget();
    return outcome;
  };

  // the wallet's payer fills a guest's empty name and e-mail fields (decision 0022)
  const onWalletPayment = async (wallet: WalletPayment): Promise<WalletResult> => {
    if (guest) fillFromWallet(form, wallet);
    return (await onSubmit(wallet)) === 'completed' ? 'success' : 'fail';
  };

  const message = payment.message;
  // a checkout the server drew pays only once hydrated (decision 0045): before that the button
  // would submit the bare form, card fields and all, to the page's address
  const hydrating = useStoredValuesHeld();
  const payDisabled = payment.busy || !supported || hydrating;
  const payLabel = payment.busy
    ? t(returnedIntent ? 'checkout.authenticating' : 'checkout.paying')
    : free
      ? t('checkout.complete-free')
      : t('checkout.pay', { amount: money(minor) });
  // the phone footer's pay button mirrors this one (components/mobile-pay-button.tsx)
  usePublishPayState({ label: payLabel, disabled: payDisabled });
  const phone = useMediaQuery(MOBILE_MEDIA_QUERY);
  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        id={CHECKOUT_FORM_ID}
        // never a GET with the card in the address, whatever submits it (the script handles it)
        method="post"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
        // a guest starting on the form fetches the phone library while typing (phone-numbers.ts)
        onFocus={guest ? () => void loadPhoneNumbers().catch(() => undefined) : undefined}
        className={styles.main}
      >
        <ScheduleSection bundle={bundle} outstanding={partialPayment.outstanding} />
        <PaymentSection
          bundle={bundle}
          amountChoice={
            partialPayment.scheduled && (
              <PartialPaymentOptions partial={partialPayment} currency={currency} />
            )
          }
          amount={toMoney(minor)}
          free={free}
          supported={supported}
          cardInput={{
            inputRef: cardInput,
            currency,
            onWalletPayment,
            postcodeFromPurchaser: purchaserPostcode,
          }}
          partial={partial}
          GiftCard={GiftCard}
          giftCardPrepare={giftCardPrepare}
          // with partial payment options a gift card pays at most the amount chosen
          giftCardLimit={partialPayment.scheduled ? toMoney(minor) : undefined}
          onPaid={onPaid}
        />
        <IdentitySection
          guest={guest}
          phoneCountry={phoneCountry}
          terms={terms}
          fields={{ rules: fields.rules, method: free ? 'free' : 'card' }}
          questions={<CheckoutQuestions questions={questions} />}
        />
        {formError && (
          <p role="alert" className={styles.alert}>
            {t('checkout.error.form')}
          </p>
        )}
        {message && (
          <p role="alert" className={styles.alert}>
            {paymentMessageText(message, t)}
          </p>
        )}
        {/* on a phone the footer's button pays (mobile-pay-button.tsx): one pay button a page */}
        {!phone && (
          <Button type="submit" fullWidth disabled={payDisabled}>
            {payLabel}
          </Button>
        )}
      </form>
    </FormProvider>
  );
}
