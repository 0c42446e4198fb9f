import type { TicketType } from '@admit/contracts/resources';
import { useSellerConfig } from '@/config/seller-config';
import { formatMoney } from '@admit/contracts/money';
import { useStrings } from '@/ui/text/use-strings';
import { ONE_TICKET_STRINGS } from '@/features/reserve/flows/one-ticket/one-ticket-strings';
import type { AmountMessage } from '@/features/reserve/flows/one-ticket/flexible-price';
import reserveStyles from '@/features/reserve/components/reserve.module.css';

export interface FlexiblePriceFieldProps {
  id: string;
  type: TicketType;
  value: string;
  onChange: (value: string) => void;
  error: AmountMessage | null;
}

/**
 * The amount of a flexible-price type (spec: shopping §5 "Flexible price"): a required number
 * input with step 0.01 between the type's minimum and maximum.
 */
export function FlexiblePriceField({ id, type, value, onChange, error }: FlexiblePriceFieldProps) {
  const t = useStrings(ONE_TICKET_STRINGS);
  const { currency, locale } = useSellerConfig();
  const money = (amount: string) => formatMoney(amount, currency, locale);
  const { currency_amount_min: min, currency_amount_max: max } = type;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [min !== null && max !== null ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={reserveStyles.field}>
      <label htmlFor={id}>
        {t('reserve.one_ticket.amount_label')} ({currency})
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step="0.01"
        min={min ?? undefined}
        max={max ?? undefined}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {min !== null && max !== null && (
        <p id={hintId} className={reserveStyles.muted}>
          {t('reserve.one_ticket.amount_range', { min: money(min), max: money(max) })}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className={reserveStyles.fieldError}>
          {t(error.key, {
            min: error.min ? money(error.min) : '',
            max: error.max ? money(error.max) : '',
          })}
        </p>
      )}
    </div>
  );
}
