import type { CartBundle } from '@admit/contracts/cart';
import { ApiError } from '@/api/client';
import { useApplyCode } from '@/features/codes/api/apply-code';
import { useStrings } from '@/ui/text/use-strings';
import { CODES_STRINGS } from '@/features/codes/strings';
import { CodeForm } from '@/features/codes/components/code-form';
import { asSentence, USER_FACING_CODE_ERRORS } from '@/features/codes/model/promo-errors';
import type { CodeMessage } from '@/features/codes/model/promo-errors';
import styles from '@/features/codes/codes.module.css';

/** spec: identity §8 "Blocked cart" — the cases whose description gets "Please try another one." */
const TRY_ANOTHER = new Set([
  'code_not_found',
  'code_exhausted',
  'no_code_benefit',
  'duplicate_code',
]);

/**
 * The only form of a blocked cart (identity §2 "A blocked cart shows only a checkout-code
 * form", §5 required min 2, §8 "Blocked cart"). Applying a code of the rule's group lifts the
 * rule: the answered bundle has no blocking_rule and the checkout shows.
 */
export function CheckoutCodeForm({ bundle }: { bundle: CartBundle }) {
  const t = useStrings(CODES_STRINGS);
  const mutation = useApplyCode(bundle.cart._data[0]?.id ?? '');
  const rules = bundle.blocking_rule?._data ?? [];

  const apply = async (code: string): Promise<CodeMessage | null> => {
    try {
      await mutation.mutateAsync({ code });
      return null;
    } catch (error) {
      if (!(error instanceof ApiError)) return { key: 'codes.error.later' };
      if (!USER_FACING_CODE_ERRORS.has(error.code) && error.code !== 'duplicate_code') {
        return { key: 'codes.error.later' };
      }
      const description = asSentence(error.description === error.code ? '' : error.description);
      const text = description || t('codes.error.invalid', { code });
      return {
        text: TRY_ANOTHER.has(error.code) ? `${text} ${t('codes.blocked.try-another')}` : text,
      };
    }
  };

  return (
    <section className={styles.section} aria-labelledby="checkout-code-heading">
      <h2 id="checkout-code-heading">{t('codes.blocked.title')}</h2>
      <p>{t('codes.blocked.message')}</p>
      {rules.map((rule) => (
        <p key={rule.id} className={styles.muted}>
          {rule.description}
        </p>
      ))}
      <CodeForm submitLabel={t('codes.blocked.submit')} apply={apply} />
    </section>
  );
}
