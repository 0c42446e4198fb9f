import type { ReactNode } from 'react';
import { useMyUser } from '@/api/user/get-my-user';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { PurchaserFields } from '@/features/checkout/components/purchaser-fields';
import type { PurchaserFieldsProps } from '@/features/checkout/components/purchaser-fields';
import { TermsField } from '@/features/checkout/components/terms-field';
import { useRequiredCaptcha } from '@/features/checkout/use-captcha-token';
import { TurnstileWidget } from '@/features/checkout/turnstile/turnstile-widget';
import { TURNSTILE_CAPTCHA_PROVIDER } from '@admit/contracts/captcha';
import { useSellerConfig } from '@/config/seller-config';
import styles from '@/features/checkout/checkout.module.css';

export interface IdentitySectionProps {
  /** the cart is owned by the public identity: a guest checkout with the purchaser form */
  guest: boolean;
  phoneCountry: string;
  terms: string | null;
  /** the seller's field rules and the payment method the required marks are shown for */
  fields: PurchaserFieldsProps['fields'];
  /** the order's checkout questions, asked of guests and members alike (decision 0064) */
  questions?: ReactNode;
}

/**
 * "Your information" (identity §2): the purchaser form for guests; a member's cart hides it
 * and names the account's e-mail (identity §6); the terms box; the captcha notice for guests.
 */
export function IdentitySection({
  guest,
  phoneCountry,
  terms,
  fields,
  questions,
}: IdentitySectionProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const member = useMyUser({ enabled: !guest });
  const captcha = useRequiredCaptcha();
  const siteKey = useSellerConfig().checkout.captcha_site_key;
  return (
    <section className={styles.section} aria-labelledby="checkout-identity-heading">
      <h2 id="checkout-identity-heading">{t('checkout.identity-section')}</h2>
      {guest ? (
        <PurchaserFields phoneCountry={phoneCountry} fields={fields} />
      ) : (
        <p>
          {member.data?.email
            ? t('checkout.member-email', { email: member.data.email })
            : t('checkout.member-no-email')}
        </p>
      )}
      {questions}
      {terms && <TermsField text={terms} />}
      {captcha && <p className={styles.note}>{t('checkout.captcha-notice')}</p>}
      {/* a guest's Turnstile (decision 0068): its script loads with it, never for a member */}
      {captcha === TURNSTILE_CAPTCHA_PROVIDER && siteKey && <TurnstileWidget siteKey={siteKey} />}
    </section>
  );
}
