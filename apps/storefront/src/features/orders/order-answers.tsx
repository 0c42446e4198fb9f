import type { OrderBundle } from '@admit/contracts/checkout';
import { checkoutQuestionsOf } from '@admit/contracts/rules/checkout-questions';
import { useStrings } from '@/ui/text/use-strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import styles from '@/features/orders/orders.module.css';

/**
 * The answers the buyer gave to the order's checkout questions (decision 0064), each under its
 * question's title, in the order they were asked; nothing when none were asked or answered.
 */
export function OrderAnswers({ bundle }: { bundle: OrderBundle }) {
  const t = useStrings(ORDERS_STRINGS);
  const info = bundle.ticket_order._data[0]?.additional_info ?? {};
  const answered = checkoutQuestionsOf(bundle).filter((q) => typeof info[q.name] === 'string');
  if (answered.length === 0) return null;
  return (
    <section className={styles.answers} aria-labelledby="order-answers-heading">
      <h2 id="order-answers-heading">{t('orders.answers.title')}</h2>
      <dl>
        {answered.map((q) => (
          <div key={q.name}>
            <dt>{q.title}</dt>
            <dd>{info[q.name] as string}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
