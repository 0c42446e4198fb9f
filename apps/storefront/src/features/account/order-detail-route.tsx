import { useState, type ComponentType } from 'react';
import type { TicketOrderListResponse } from '@admit/contracts/account';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@admit/contracts/money';
import { dateFormatsFor, formatInZone } from '@admit/contracts/session-time';
import { useSellerConfig } from '@/config/seller-config';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { useMyOrders } from '@/features/account/api/get-my-orders';
import { isUuid } from '@/features/account/model/is-uuid';
import { orderSummaries, orderVisits } from '@/features/account/model/order-summaries';
import { OrderVisits } from '@/features/account/components/order-visits';
import { ReadFailure } from '@/features/account/components/read-failure';
import { ResendButton } from '@/features/account/components/resend-button';
import { ManageOrderButton } from '@/features/account/components/manage-order-button';
import { anonymousEditingRules } from '@admit/contracts/rules/self-edit';
import { useEventFacts } from '@/features/account/use-event-facts';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/** What the app plugs into the order detail: the order's receipt (another feature's, issue #22). */
export interface OrderDetailSlots {
  receipt: ComponentType<{ orders: TicketOrderListResponse; orderId: string; labelledBy: string }>;
}

/**
 * spec: identity §2 "Order detail" (/my/orders/{id}): Order #, Order date, Order contents and
 * Total amount, then the events; 'Resend my order' only while some session is upcoming.
 * Missing: 'Order not found' (§8). The receipt's lines (issue #22) are the `receipt` slot.
 */
export function OrderDetailRoute({ slots }: { slots?: Partial<OrderDetailSlots> }) {
  const t = useStrings(ACCOUNT_STRINGS);
  usePageTitle(t('account.orders.title'));
  const { timezone, locale, self_edit_rules } = useSellerConfig();
  // the seller lets the order's link holder change it (identity §6): the member can, logged out
  const manageable = anonymousEditingRules(self_edit_rules).enabled;
  const { id = '' } = useParams();
  const [now] = useState(() => Date.now());
  const valid = isUuid(id);
  const query = useMyOrders(valid ? [id.toLowerCase()] : []);
  const order = query.data ? orderSummaries(query.data).find((o) => o.numTickets > 0) : undefined;
  const visits = order && query.data ? orderVisits(query.data, order.ticketOrderId, now) : [];
  const facts = useEventFacts(visits.map((v) => v.eventId));
  const back = (
    <Link to="/my/orders" className={styles.back}>
      {t('account.order.back')}
    </Link>
  );
  if (valid && query.isPending) return <Loader label={t('account.orders.loading')} />;
  if (valid && query.isError) return <ReadFailure retry={() => void query.refetch()} />;
  if (!order) {
    return (
      <div className={styles.content}>
        {back}
        <p role="alert">{t('account.order.not_found')}</p>
      </div>
    );
  }
  const Receipt = slots?.receipt;
  return (
    <div className={styles.content}>
      {back}
      <h1 id="account-order-title">
        {t('account.order.title', { order_number: order.orderNumber })}
      </h1>
      <dl className={styles.facts}>
        <dt>{t('account.orders.number')}</dt>
        <dd>{order.orderNumber}</dd>
        <dt>{t('account.orders.date')}</dt>
        <dd>{formatInZone(order.purchasedAt, dateFormatsFor(locale).orderDate, timezone)}</dd>
        <dt>{t('account.orders.contents')}</dt>
        <dd>
          {t('account.orders.contents_value', {
            events: order.numSessions,
            tickets: order.numTickets,
          })}
        </dd>
        <dt>{t('account.order.total')}</dt>
        <dd>{formatMoney(order.totalPrice, order.currency, locale)}</dd>
      </dl>
      {Receipt && (
        <Receipt
          orders={query.data!}
          orderId={order.ticketOrderId}
          labelledBy="account-order-title"
        />
      )}
      {visits.some((v) => v.isUpcoming) && (
        <ResendButton
          orderIds={[order.ticketOrderId]}
          labelKey="account.order.resend"
          successKey="account.order.resent"
        />
      )}
      {manageable && visits.some((v) => v.isUpcoming) && (
        <ManageOrderButton orderId={order.ticketOrderId} />
      )}
      <OrderVisits orders={query.data!} visits={visits} facts={facts} />
    </div>
  );
}
