import { useState } from 'react';
import { Link } from 'react-router';
import { sessionWhenLabel } from '@admit/contracts/session-time';
import { useSellerConfig } from '@/config/seller-config';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { useOrderSessions } from '@/features/account/api/get-order-sessions';
import { accountWindowEnd } from '@/features/account/model/account-window';
import { sessionSummaries } from '@/features/account/model/session-summaries';
import { EventThumbnail } from '@/features/account/components/event-thumbnail';
import { ReadFailure } from '@/features/account/components/read-failure';
import { useEventFacts } from '@/features/account/use-event-facts';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/**
 * spec: identity §2 "Upcoming tickets" (/my/upcoming): the buyer's visits that start in the
 * future and before the account window's end (§9), soonest first (§4); each row an image, the
 * event, date and time, the ticket count and a View link to /my/upcoming/session/{id}.
 */
export function UpcomingRoute() {
  const t = useStrings(ACCOUNT_STRINGS);
  usePageTitle(t('account.upcoming.title'));
  const { timezone, locale } = useSellerConfig();
  // the window is fixed when the page opens, so the query key stays put while it is shown
  const [span] = useState(() => {
    const now = Date.now();
    return { now, from: new Date(now).toISOString(), before: accountWindowEnd(now, timezone) };
  });
  const query = useOrderSessions({ kind: 'upcoming', from: span.from, before: span.before });
  const sessions = sessionSummaries(query.data?.order_session._data ?? [], span.now);
  const facts = useEventFacts(sessions.map((s) => s.eventId));
  if (query.isPending) return <Loader label={t('account.upcoming.loading')} />;
  if (query.isError) return <ReadFailure retry={() => void query.refetch()} />;
  return (
    <div className={styles.content}>
      <h1>{t('account.upcoming.title')}</h1>
      {sessions.length === 0 ? (
        <p>{t('account.upcoming.empty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('account.upcoming.event')}</th>
              <th scope="col">{t('account.upcoming.when')}</th>
              <th scope="col">{t('account.upcoming.quantity')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => {
              const { image, timeZone, ticketDateTime } = facts(session.eventId);
              const when = sessionWhenLabel(
                { start_datetime: session.start, end_datetime: session.end },
                timeZone,
                locale,
                ticketDateTime,
              );
              return (
                <tr key={session.id}>
                  <th scope="row" className={styles.eventCell}>
                    <EventThumbnail image={image} />
                    <span>{session.name}</span>
                  </th>
                  <td>{when}</td>
                  <td>{session.ticketQuantity}</td>
                  <td>
                    <Link
                      to={`/my/upcoming/session/${encodeURIComponent(session.id)}`}
                      aria-label={t('account.upcoming.view_label', {
                        name: session.name,
                        date: when ?? '',
                      })}
                    >
                      {t('account.upcoming.view')}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
