import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/ui/button';
import { useModalStack } from '@/ui/modal-stack';
import { SafeHtml } from '@/ui/safe-html';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import type { CheckoutStringKey } from '@/features/checkout/strings';
import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';
import styles from '@/features/checkout/checkout.module.css';

export const TERMS_MODAL = 'terms';

/** The terms checkbox and the terms modal with Accept and Decline (shopping §2, identity §5). */
export function TermsField({ text }: { text: string }) {
  const t = useStrings(CHECKOUT_STRINGS);
  const id = useId();
  const { open, close } = useModalStack();
  const { register, setValue, formState } = useFormContext<PurchaserValues>();
  const error = formState.errors.terms?.message as CheckoutStringKey | undefined;
  const choose = (accepted: boolean) => {
    setValue('terms', accepted, { shouldValidate: formState.isSubmitted });
    close(TERMS_MODAL);
  };
  const openTerms = () =>
    open({
      name: TERMS_MODAL,
      title: t('checkout.terms.title'),
      closeLabel: t('checkout.close'),
      content: () => (
        <div className={styles.terms}>
          <SafeHtml html={text} />
          <div className={styles.actions}>
            <Button onClick={() => choose(true)}>{t('checkout.terms.accept')}</Button>
            <Button variant="secondary" onClick={() => choose(false)}>
              {t('checkout.terms.decline')}
            </Button>
          </div>
        </div>
      ),
    });
  // the terms are read before they are accepted: the button comes first, so the checkbox is
  // the last stop before the pay button (issue 13)
  return (
    <div className={styles.field}>
      <Button variant="link" onClick={openTerms} className={styles.linkAtStart}>
        {t('checkout.terms.view')}
      </Button>
      <div className={styles.checkbox}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('terms')}
        />
        <label htmlFor={id}>{t('checkout.terms.label')}</label>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
