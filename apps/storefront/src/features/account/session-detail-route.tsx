import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSellerConfig } from '@/config/seller-config';
import { useWalletLinks } from '@/api/wallet/get-wallet-precheck';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { useMyOrders } from '@/features/account/api/get-my-orders';
import { useOrderSessions } from '@/features/account/api/get-order-sessions';
import { isUuid } from '@/features/account/model/is-uuid';
import { accountTickets } from '@/features/account/model/order-summaries';
import { sessionSummaries } from '@/features/account/model/session-summaries';
import { sessionDateAndTime } from '@admit/contracts/session-time';
import { EventThumbnail } from '@/features/account/components/event-thumbnail';
import { ReadFailure } from '@/features/account/components/read-failure';
import { ResendButton } from '@/features/account/components/resend-button';
import { SessionTickets } from '@/features/account/components/session-tickets';
import { useEventFacts } from '@/features/account/use-event-facts';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/**
 * spec: identity §2 "Session detail" (/my/upcoming/session/{id}): image, name, date, time and
 * ticket count; 'Resend my tickets' while it is upcoming; a 'View order' link per order
 * ('View order {order_number}' when there are several); the tickets' table. Missing: 'Session
 * not found' (§8).
 */
export function SessionDetailRoute() {
  const t = useStrings(ACCOUNT_STRINGS);
  usePageTitle(t('account.upcoming.title'));
  const { id = '' } = useParams();
  const [now] = useState(() => Date.now());
  const { my_account_pages: pages, locale } = useSellerConfig();
  const ordersShown = pages.recent_orders;
  const valid = isUuid(id);
  const sessionQuery = useOrderSessions({ kind: 'session', eventSessionId: id }, valid);
  const session = sessionSummaries(sessionQuery.data?.order_session._data ?? [], now)[0];
  const ordersQuery = useMyOrders(session ? session.orders.map((o) => o.id) : []);
  const tickets = session
    ? session.orders
        .flatMap((o) => (ordersQuery.data ? accountTickets(ordersQuery.data, o.id) : []))
        .filter((ticket) => ticket.event_session_id === session.id)
    : [];
  const walletLinks = useWalletLinks(tickets[0]?.id ?? null);
  const facts = useEventFacts(session ? [session.eventId] : []);
  const back = (
    <Link to="/my/upcoming" className={styles.back}>
      {t('account.session.back')}
    </Link>
  );
  if (valid && sessionQuery.isPending) return <Loader label={t('account.upcoming.loading')} />;
  if (valid && sessionQuery.isError) {
    return <ReadFailure retry={() => void sessionQuery.refetch()} />;
  }
  if (!session) {
    return (
      <div className={styles.content}>
        {back}
        <p role="alert">{t('account.session.not_found')}</p>
      </div>
    );
  }
  const { image, timeZone, ticketDateTime } = facts(session.eventId);
  const when = sessionDateAndTime(
    { start_datetime: session.start, end_datetime: session.end },
    timeZone,
    locale,
    ticketDateTime,
  );
  const several = session.orders.length > 1;
  return (
    <div className={styles.content}>
      {back}
      <div className={styles.sessionHead}>
        <EventThumbnail image={image} />
        <h1>{session.name}</h1>
      </div>
      <dl className={styles.facts}>
        {when.date && (
          <>
            <dt>{t('account.session.date')}</dt>
            <dd>{when.date}</dd>
          </>
        )}
        {when.time && (
          <>
            <dt>{t('account.session.time')}</dt>
            <dd>{when.time}</dd>
          </>
        )}
        <dt>{t('account.session.tickets')}</dt>
        <dd>{session.ticketQuantity}</dd>
      </dl>
      {session.isUpcoming && (
        <ResendButton
          orderIds={session.orders.map((o) => o.id)}
          labelKey="account.session.resend"
          successKey="account.session.resent"
        />
      )}
      {/* the order pages are there only with recent_orders on (router.tsx) */}
      {ordersShown && (
        <ul className={styles.orderLinks}>
          {session.orders.map((order) => (
            <li key={order.id}>
              <Link to={`/my/orders/${encodeURIComponent(order.id)}`}>
                {several
                  ? t('account.session.view_order_number', { order_number: order.orderNumber })
                  : t('account.session.view_order')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {ordersQuery.isPending ? (
        <Loader label={t('account.upcoming.loading')} />
      ) : ordersQuery.isError ? (
        <ReadFailure retry={() => void ordersQuery.refetch()} />
      ) : (
        <SessionTickets orders={ordersQuery.data} tickets={tickets} walletLinks={walletLinks} />
      )}
    </div>
  );
}
