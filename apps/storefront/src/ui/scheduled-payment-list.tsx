import type { ScheduledPayment } from '@admit/contracts/cart';
import { formatCalendarDate } from '@admit/contracts/session-time';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { SCHEDULED_PAYMENT_STRINGS } from '@/ui/scheduled-payment-strings';
import styles from '@/ui/scheduled-payment-list.module.css';

export interface ScheduledPaymentListProps {
  payments: ScheduledPayment[];
  currency: string;
  /** the list's accessible name (the surrounding heading's id) */
  labelledBy?: string;
}

/**
 * The installments still to pay (identity §3, §4): date, amount and an Upcoming/Overdue label.
 * Shared by the checkout and the order page, which may not import each other.
 */
export function ScheduledPaymentList({
  payments,
  currency,
  labelledBy,
}: ScheduledPaymentListProps) {
  const t = useStrings(SCHEDULED_PAYMENT_STRINGS);
  const { locale } = useSellerConfig();
  return (
    <ul
      className={styles.list}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : t('scheduled.label')}
    >
      {payments.map((payment) => (
        <li key={payment.id} className={styles.item}>
          <span>
            {t('scheduled.due-on', { date: formatCalendarDate(payment.dueDate, locale) })}
          </span>
          <span>{formatMoney(payment.amount, currency, locale)}</span>
          <span className={payment.status === 'Overdue' ? styles.overdue : styles.upcoming}>
            {t(`scheduled.status.${payment.status}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}
