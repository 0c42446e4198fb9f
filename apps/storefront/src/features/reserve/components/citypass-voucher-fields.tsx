import { FieldError, invalidProps } from '@/features/reserve/components/field-error';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import {
  CITYPASS_CODE_FIELD_ID,
  CITYPASS_ENABLE_FIELD_ID,
} from '@/features/reserve/model/reserve-citypass';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import type { ReserveCitypass } from '@/features/reserve/use-reserve-citypass';
import { useStrings } from '@/ui/text/use-strings';
import styles from '@/features/reserve/components/reserve.module.css';

/**
 * "I have CityPASS vouchers" and, once ticked, the CityPASS code and one required voucher field
 * per selected ticket with the placeholder "Enter voucher number" (shopping §5 "CityPASS
 * codes"), on the reserve form of an event that takes CityPASS (decision 0076). On a cart that
 * holds a CityPASS code for the event, the voucher fields only: they join that code (0098).
 */
export function CitypassVoucherFields({
  citypass,
  issues,
}: {
  citypass: ReserveCitypass;
  issues: IssueMap;
}) {
  const t = useStrings(RESERVE_STRINGS);
  if (!citypass.offered) return null;
  const { entry } = citypass;
  return (
    <div className={styles.citypass}>
      {!citypass.held && (
        <label className={styles.citypassCheck} htmlFor={CITYPASS_ENABLE_FIELD_ID}>
          <input
            id={CITYPASS_ENABLE_FIELD_ID}
            type="checkbox"
            checked={entry.enabled}
            onChange={(e) => citypass.setEnabled(e.target.checked)}
          />
          {t('reserve.citypass_enable')}
        </label>
      )}
      {entry.enabled && (
        <fieldset className={styles.citypassFields}>
          <legend>{t('reserve.citypass_legend')}</legend>
          {citypass.held ? (
            <p>{t('reserve.citypass_held')}</p>
          ) : (
            <>
              <label htmlFor={CITYPASS_CODE_FIELD_ID}>{t('reserve.citypass_code')}</label>
              <input
                id={CITYPASS_CODE_FIELD_ID}
                autoComplete="off"
                required
                value={entry.code}
                onChange={(e) => citypass.setCode(e.target.value)}
                {...invalidProps(CITYPASS_CODE_FIELD_ID, issues)}
              />
              <FieldError fieldId={CITYPASS_CODE_FIELD_ID} issues={issues} />
            </>
          )}
          {citypass.slots.length === 0 && (
            <p className={styles.muted}>{t('reserve.citypass_no_tickets')}</p>
          )}
          {citypass.slots.map((slot) => (
            <div key={slot.fieldId}>
              <label htmlFor={slot.fieldId}>
                {t('reserve.citypass_voucher', {
                  type: slot.typeName,
                  number: String(slot.index + 1),
                })}
              </label>
              <input
                id={slot.fieldId}
                autoComplete="off"
                required
                placeholder={t('reserve.citypass_placeholder')}
                value={entry.vouchers[slot.fieldId] ?? ''}
                onChange={(e) => citypass.setVoucher(slot.fieldId, e.target.value)}
                {...invalidProps(slot.fieldId, issues)}
              />
              <FieldError fieldId={slot.fieldId} issues={issues} />
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}
