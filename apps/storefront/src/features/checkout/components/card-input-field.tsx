import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { SandboxCardInput } from '@/features/checkout/components/sandbox-card-input';
import type { CardInputProps } from '@/features/checkout/model/card-input';
import type { StripeCardInputProps } from '@/features/checkout/stripe/stripe-card-input';
import styles from '@/features/checkout/checkout.module.css';

type Loaded = { Component: ComponentType<StripeCardInputProps> } | 'failed' | null;

/**
 * The card section: Stripe Elements and wallets when the seller has a publishable key, else the
 * sandbox fields (decision 0022). The Stripe part is its own chunk, loaded only when configured.
 */
export function CardInputField(props: CardInputProps) {
  const publishableKey = useSellerConfig().checkout.stripe_publishable_key;
  if (!publishableKey) {
    return <SandboxCardInput inputRef={props.inputRef} askZip={!props.postcodeFromPurchaser} />;
  }
  return <LazyStripeCardInput {...props} publishableKey={publishableKey} />;
}

function LazyStripeCardInput(props: StripeCardInputProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    let live = true;
    import('@/features/checkout/stripe/stripe-card-input').then(
      (module) => live && setLoaded({ Component: module.StripeCardInput }),
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  // spec: identity §8 "Card provider not loadable"
  if (loaded === 'failed') {
    return (
      <p role="alert" className={styles.alert}>
        {t('checkout.card.provider-unavailable')}
      </p>
    );
  }
  if (!loaded) return <p className={styles.note}>{t('checkout.card.loading')}</p>;
  return <loaded.Component {...props} />;
}
