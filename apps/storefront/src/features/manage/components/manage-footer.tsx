import type { OrderEditResponse } from '@admit/contracts/manage';
import { formatMoney, minorToDecimal } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { formatCountdown } from '@/ui/hold-timer';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { editAmounts } from '@/features/manage/model/confirm-changes';
import styles from '@/features/manage/manage.module.css';

/**
 * The manage page's footer while an edit has changes (identity §2 "Footer buttons Cancel and
 * Confirm Changes"): what the change costs or gives back (the server's difference, decision
 * 0036), how long the changes are held, and the two buttons.
 */
export function ManageFooter({
  edit,
  seconds,
  busy,
  unsupported,
  onCancel,
  onConfirm,
}: {
  edit: OrderEditResponse;
  seconds: number | null;
  busy: boolean;
  /** identity §8 "Unsupported amount" after Confirm Changes */
  unsupported: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useStrings(MANAGE_STRINGS);
  const { locale } = useSellerConfig();
  const { difference, outstanding, currency } = editAmounts(edit);
  const money = (minor: number) => formatMoney(minorToDecimal(minor), currency, locale);
  const cost =
    outstanding > 0
      ? t('manage.footer.to-pay', { amount: money(outstanding) })
      : difference < 0
        ? t('manage.footer.refund', { amount: money(-difference) })
        : t('manage.footer.even');
  return (
    <section aria-label={t('manage.footer.label')} className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerText}>
          <p>
            <strong>{cost}</strong>
          </p>
          {seconds !== null && seconds > 0 && (
            <p className={styles.muted}>
              {t('manage.footer.held', { time: formatCountdown(seconds) })}
            </p>
          )}
          {unsupported && (
            <p role="alert" className={styles.alert}>
              {t('manage.unsupported-amount')}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('manage.footer.cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {busy ? t('manage.working') : t('manage.footer.confirm')}
          </Button>
        </div>
      </div>
    </section>
  );
}
