import {
  I18nProvider,
  Input,
  Label,
  NumberField,
  Radio,
  RadioGroup,
  Text,
} from 'react-aria-components';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import type { CheckoutStringKey } from '@/features/checkout/strings';
import type { PartialChoice } from '@/features/checkout/model/partial-payment';
import type { PartialPayment } from '@/features/checkout/use-partial-payment';
import { toMoney } from '@/features/checkout/model/checkout-view';
import styles from '@/features/checkout/components/partial-payment-options.module.css';

const LABELS: Record<PartialChoice, CheckoutStringKey> = {
  due: 'checkout.partial.due',
  outstanding: 'checkout.partial.outstanding',
  other: 'checkout.partial.other',
};

/**
 * identity §4 "Partial payment options": pay what is due, the whole balance, or another amount.
 * The other amount is clamped between due and the balance when the field loses focus (§5);
 * react-aria's NumberField commits on blur and Enter, with the seller's currency and 2 decimals.
 */
export function PartialPaymentOptions({
  partial,
  currency,
}: {
  partial: PartialPayment;
  currency: string;
}) {
  const t = useStrings(CHECKOUT_STRINGS);
  const { locale } = useSellerConfig();
  const money = (minor: number) => formatMoney(toMoney(minor), currency, locale);
  return (
    <I18nProvider locale={locale}>
      <RadioGroup
        className={styles.group}
        value={partial.choice}
        onChange={(value) => partial.setChoice(value as PartialChoice)}
      >
        <Label className={styles.legend}>{t('checkout.partial.label')}</Label>
        {partial.choices.map((choice) => (
          <Radio key={choice} value={choice} className={styles.radio}>
            {t(LABELS[choice], {
              amount: money(choice === 'due' ? partial.due : partial.outstanding),
            })}
          </Radio>
        ))}
      </RadioGroup>
      {partial.choice === 'other' && (
        <NumberField
          className={styles.field}
          value={partial.other / 100}
          onChange={(value) => partial.setOther(Math.round(value * 100))}
          minValue={partial.due / 100}
          maxValue={partial.outstanding / 100}
          step={0.01}
          formatOptions={{ style: 'currency', currency }}
        >
          <Label>{t('checkout.partial.other-amount')}</Label>
          <Input className={styles.input} />
          <Text slot="description" className={styles.hint}>
            {t('checkout.partial.other-range', {
              min: money(partial.due),
              max: money(partial.outstanding),
            })}
          </Text>
        </NumberField>
      )}
    </I18nProvider>
  );
}
