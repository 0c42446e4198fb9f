import { useState } from 'react';
import type { CartBundle } from '@admit/contracts/cart';
import { Button } from '@/ui/button';
import { Price } from '@/ui/price';
import { useModalStack } from '@/ui/modal-stack';
import { useStrings } from '@/ui/text/use-strings';
import { CODES_STRINGS } from '@/features/codes/strings';
import { CodeForm } from '@/features/codes/components/code-form';
import { CitypassFields } from '@/features/codes/components/citypass-fields';
import { useCitypassVouchers } from '@/features/codes/use-citypass-vouchers';
import { canApplyPromoCodes } from '@/features/codes/model/code-field';
import { useApplyCodeMessage } from '@/features/codes/use-apply-code';
import styles from '@/features/codes/codes.module.css';

export const PROMO_CODE_MODAL = 'promo-code';

export interface PromoCodeSectionProps {
  bundle: CartBundle;
  /** the cart store says the cart can change (live, pending) */
  modifiable: boolean;
}

function PromoCodeModalBody({
  bundle,
  done,
}: {
  bundle: CartBundle;
  done: (code: string) => void;
}) {
  const citypass = useCitypassVouchers(bundle);
  const apply = useApplyCodeMessage(bundle.cart._data[0]?.id ?? '', citypass.showServerError);
  return (
    <CodeForm
      apply={async (code) => {
        const failure = await apply(code, citypass.vouchers());
        if (!failure) done(code);
        return failure;
      }}
      beforeApply={citypass.validate}
      autoFocus
    >
      {citypass.offered && <CitypassFields state={citypass} />}
    </CodeForm>
  );
}

/** Applied cartmods and the "apply a promo code" modal (shopping §2, §5, §8; identity §4). */
export function PromoCodeSection({ bundle, modifiable }: PromoCodeSectionProps) {
  const t = useStrings(CODES_STRINGS);
  const { open, close } = useModalStack();
  const [applied, setApplied] = useState<string | null>(null);
  const cart = bundle.cart._data[0];
  const cartmods = bundle.cartmod._data;
  const canApply = cart ? canApplyPromoCodes(bundle, modifiable) : false;
  if (!cart || (!canApply && cartmods.length === 0)) return null;

  const openModal = () =>
    open({
      name: PROMO_CODE_MODAL,
      title: t('codes.promo.title'),
      closeLabel: t('codes.close'),
      content: () => (
        <PromoCodeModalBody
          bundle={bundle}
          done={(code) => {
            setApplied(code);
            close(PROMO_CODE_MODAL);
          }}
        />
      ),
    });

  return (
    <section className={styles.section} aria-labelledby="promo-codes-heading">
      <h2 id="promo-codes-heading">{t('codes.promo.heading')}</h2>
      {cartmods.length > 0 && (
        <ul className={styles.cartmods} aria-label={t('codes.promo.applied')}>
          {cartmods.map((mod) => (
            <li key={mod.id} className={styles.cartmod}>
              <span>
                {mod.name}
                {mod.description && <span className={styles.muted}> {mod.description}</span>}
              </span>
              <Price amount={`-${mod.discount.replace(/^-/, '')}`} />
            </li>
          ))}
        </ul>
      )}
      {applied && (
        <p role="status" className={styles.status}>
          {t('codes.promo.applied-message', { code: applied })}
        </p>
      )}
      {canApply && (
        <div>
          <Button variant="secondary" onClick={openModal}>
            {t('codes.promo.open')}
          </Button>
        </div>
      )}
    </section>
  );
}
