import type { TicketType } from '@admit/contracts/resources';
import { useSellerConfig } from '@/config/seller-config';
import { useShownPrice } from '@/config/use-shown-price';
import { formatMoney } from '@admit/contracts/money';
import { useStrings } from '@/ui/text/use-strings';
import { isFlexiblePrice } from '@/features/reserve/flows/one-ticket/flexible-price';
import { ONE_TICKET_STRINGS } from '@/features/reserve/flows/one-ticket/one-ticket-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/one-ticket/one-ticket.module.css';

/** spec: shopping §5 — "Options with fewer than 4 choices show as radio buttons, otherwise a select". */
export const RADIO_BELOW = 4;

export interface TicketTypeChoiceProps {
  id: string;
  legend: string;
  options: readonly TicketType[];
  value: string | null;
  onChange: (typeId: string) => void;
  error: string | null;
}

function useOptionLabel() {
  const { currency, locale } = useSellerConfig();
  const shown = useShownPrice();
  return (type: TicketType) =>
    isFlexiblePrice(type)
      ? type.name
      : `${type.name} – ${formatMoney(shown(type.currency_amount, type), currency, locale)}`;
}

/** The required ticket type choice of the one-ticket-only form (shopping §5). */
export function TicketTypeChoice({
  id,
  legend,
  options,
  value,
  onChange,
  error,
}: TicketTypeChoiceProps) {
  const t = useStrings(ONE_TICKET_STRINGS);
  const label = useOptionLabel();
  const errorId = `${id}-error`;
  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <fieldset className={reserveStyles.section}>
      <legend className={reserveStyles.sectionHeading}>{legend}</legend>
      {options.length < RADIO_BELOW ? (
        <div
          id={id}
          role="radiogroup"
          aria-label={legend}
          aria-required
          tabIndex={-1}
          className={`${styles.options} ${reserveStyles.focusTarget}`}
          {...invalid}
        >
          {options.map((type) => (
            <label key={type.id} className={styles.option}>
              <input
                type="radio"
                name="one-ticket-type"
                value={type.id}
                checked={value === type.id}
                onChange={() => onChange(type.id)}
              />
              <span>{label(type)}</span>
            </label>
          ))}
        </div>
      ) : (
        <div className={reserveStyles.field}>
          <select
            id={id}
            aria-label={legend}
            required
            value={value ?? ''}
            onChange={(event) => onChange(event.target.value)}
            {...invalid}
          >
            <option value="" disabled>
              {t('reserve.one_ticket.choose')}
            </option>
            {options.map((type) => (
              <option key={type.id} value={type.id}>
                {label(type)}
              </option>
            ))}
          </select>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className={reserveStyles.fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
