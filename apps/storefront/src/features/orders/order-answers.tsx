import type { OrderBundle } from '@admit/contracts/checkout';
import { answerLinesOf } from '@admit/contracts/rules/checkout-answers';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import styles from '@/features/orders/orders.module.css';

/**
 * The answers the buyer gave to the order's checkout questions (decisions 0064, 0077), each
 * under its question's title, in the order they were asked; nothing when none were asked or
 * answered. The order page shows the bundle's order; the completed page one of its orders, a
 * level below that order's heading.
 */
export function OrderAnswers({
  bundle,
  orderId,
  level = 2,
}: {
  bundle: OrderBundle;
  orderId?: string;
  level?: 2 | 3;
}) {
  const t = useStrings(ORDERS_STRINGS);
  const { locale } = useSellerConfig();
  const orders = bundle.ticket_order._data;
  const order = orderId ? orders.find((o) => o.id === orderId) : orders[0];
  const lines = answerLinesOf(bundle, order?.additional_info, {
    yes: t('orders.answers.yes'),
    locale,
  });
  if (!order || lines.length === 0) return null;
  const headingId = `order-answers-${order.id}`;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.answers} aria-labelledby={headingId}>
      <Heading id={headingId}>{t('orders.answers.title')}</Heading>
      <dl>
        {lines.map((line) => (
          <div key={line.name}>
            <dt>{line.title}</dt>
            <dd>{line.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
