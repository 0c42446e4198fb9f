import type { OrderEditResponse } from '@admit/contracts/manage';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { editOf } from '@/features/manage/model/manage-view';
import styles from '@/features/manage/manage.module.css';

/**
 * What the payment step pays for (identity §2 /manage/{orderId}/confirm): the worth of the
 * tickets the change takes away, the new tickets, and the difference — the server's figures
 * (decision 0036), never the storefront's own sums.
 */
export function EditSummary({ edit }: { edit: OrderEditResponse }) {
  const t = useStrings(MANAGE_STRINGS);
  const { locale } = useSellerConfig();
  const row = editOf(edit);
  if (!row) return null;
  const money = (amount: string) => formatMoney(amount, row.currency_code, locale);
  return (
    <ul className={styles.summary}>
      <li>{t('manage.confirm.credit', { amount: money(row.credit) })}</li>
      <li>{t('manage.confirm.added', { amount: money(row.added) })}</li>
      <li>
        <strong>{t('manage.confirm.difference', { amount: money(row.difference) })}</strong>
      </li>
    </ul>
  );
}
