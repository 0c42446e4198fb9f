import { useId } from 'react';
import { useStrings } from '@/ui/text/use-strings';
import { CODES_STRINGS } from '@/features/codes/strings';
import type { CitypassVouchers } from '@/features/codes/use-citypass-vouchers';
import styles from '@/features/codes/codes.module.css';

/**
 * "Use CityPASS vouchers" and, once ticked, one required voucher field per selected ticket
 * with the placeholder 'Enter voucher number' (shopping §5, identity §5).
 */
export function CitypassFields({ state }: { state: CitypassVouchers }) {
  const t = useStrings(CODES_STRINGS);
  const id = useId();
  return (
    <div className={styles.form}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={state.enabled}
          onChange={(e) => state.setEnabled(e.target.checked)}
        />
        {t('codes.citypass.enable')}
      </label>
      {state.enabled && (
        <fieldset className={styles.vouchers}>
          <legend>{t('codes.citypass.legend')}</legend>
          {state.tickets.map((ticket, index) => {
            const fieldId = `${id}-${ticket.id}`;
            const error = state.errors[ticket.id];
            return (
              <div key={ticket.id} className={styles.voucher}>
                <label htmlFor={fieldId}>
                  {t('codes.citypass.field', {
                    n: String(index + 1),
                    name: [ticket.eventName, ticket.typeName].filter(Boolean).join(' – '),
                  })}
                </label>
                <input
                  id={fieldId}
                  name={`voucher-${ticket.id}`}
                  autoComplete="off"
                  required
                  placeholder={t('codes.citypass.placeholder')}
                  value={state.values[ticket.id] ?? ''}
                  onChange={(e) => state.setValue(ticket.id, e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${fieldId}-error` : undefined}
                />
                {error && (
                  <p id={`${fieldId}-error`} className={styles.error}>
                    {t(error)}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
