import { formatMoney, minorToDecimal } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import {
  orderPaid,
  orderReceipt,
  type OrderLine,
  type ReceiptBundle,
} from '@/features/orders/model/order-summary';
import styles from '@/features/orders/orders.module.css';

type Money = (minor: number) => string;

/** A receipt line: its name and price, then its discount, service charge and tax when any. */
function ReceiptLine({ line, money }: { line: OrderLine; money: Money }) {
  const t = useStrings(ORDERS_STRINGS);
  const f = line.figures;
  const extra = [
    f.discount !== 0 ? t('orders.receipt.discount', { amount: money(f.discount) }) : null,
    f.serviceCharge !== 0
      ? t('orders.receipt.service-charge', { amount: money(f.serviceCharge) })
      : null,
    f.tax !== 0 ? t('orders.receipt.tax', { amount: money(f.tax) }) : null,
  ].filter((l): l is string => l !== null);
  return (
    <li>
      <span>{`${line.name} ${money(f.face)}`}</span>
      {extra.length > 0 && (
        <ul className={styles.lines}>
          {[...extra, t('orders.receipt.line-total', { amount: money(f.total) })].map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** What the order is for, when to come and what was paid (the complete page's receipt). */
export function OrderSummary({
  bundle,
  labelledBy,
}: {
  bundle: ReceiptBundle;
  labelledBy: string;
}) {
  const t = useStrings(ORDERS_STRINGS);
  const config = useSellerConfig();
  const { visits, purchases } = orderReceipt(bundle, config.timezone, config.locale);
  const paid = orderPaid(bundle);
  const currency = bundle.ticket_order_fees._data[0]?.currency_code ?? config.currency;
  const money: Money = (minor) => formatMoney(minorToDecimal(minor), currency, config.locale);
  return (
    <div className={styles.summary}>
      <ul className={styles.visits} aria-labelledby={labelledBy}>
        {visits.map((visit) => (
          <li key={visit.key}>
            <h3>{visit.eventName}</h3>
            {visit.when && <p className={styles.when}>{visit.when}</p>}
            <ul className={styles.lines}>
              {visit.lines.map((line) => (
                <ReceiptLine key={line.key} line={line} money={money} />
              ))}
            </ul>
          </li>
        ))}
        {purchases.length > 0 && (
          <li>
            <ul className={styles.lines}>
              {purchases.map((line) => (
                <ReceiptLine key={line.key} line={line} money={money} />
              ))}
            </ul>
          </li>
        )}
      </ul>
      {paid && (
        <p className={styles.paid}>
          {t('orders.summary.paid')}{' '}
          <strong>{formatMoney(paid.amount, paid.currency, config.locale)}</strong>
        </p>
      )}
    </div>
  );
}
