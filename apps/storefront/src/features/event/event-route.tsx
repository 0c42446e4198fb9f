import { Navigate, useParams } from 'react-router';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { EVENT_STRINGS } from '@/features/event/strings';
import { isEventNotFound, useEvent } from '@/api/events/get-event';
import { toEventDetail } from '@/api/events/event-detail';
import type { EventDetail } from '@/api/events/event-detail';
import { isAnchorEvent } from '@/features/event/model/select-selection-area';
import { pageTitleContext } from '@/features/event/model/page-title-context';
import { EventPage } from '@/features/event/components/event-page';
import { EventSlotsProvider } from '@/features/event/event-slots';
import type { EventSlots } from '@/features/event/event-slots';
import styles from '@/features/event/event-route.module.css';

/** spec: shopping §2 — the 404 route of the route table (identity §2 "catch-all named error/404"). */
const NOT_FOUND_PATH = '/error/404';

/**
 * The page title by context (shopping §2), and the page heading: a membership renewal or gift
 * is headed by its context ('Renew your membership', 'Give a membership'), not the membership
 * event's name ("Become a Member"), which says the opposite of a renewal.
 */
function useEventPageTitle(event: EventDetail | null, action: string | undefined) {
  const t = useStrings(EVENT_STRINGS);
  const config = useSellerConfig();
  let title: string | undefined;
  let heading: string | undefined;
  if (event) {
    const name = event.template.name;
    const context = pageTitleContext(event, {
      isAnchor: isAnchorEvent(event, {
        anchorEvents: config.anchor_events,
        anchorCategories: config.anchor_categories,
      }),
      action,
    });
    title = context === 'event' ? name : t(`event.title_${context}`, { name });
    heading = context === 'membership_renew' || context === 'membership_gift' ? title : name;
  }
  usePageTitle(title);
  return heading;
}

/** Event detail at /events/:id and /events/:id/:action (action gift or renew). */
export function EventRoute({ slots = {} }: { slots?: EventSlots }) {
  const { id = '', action } = useParams();
  const t = useStrings(EVENT_STRINGS);
  // a new id is a new query key: the loader shows and the event refetches (shopping §2)
  const query = useEvent(id);
  const event = query.data ? toEventDetail(query.data) : null;
  const heading = useEventPageTitle(event, action);

  if (query.isPending) {
    return (
      <div className={styles.state}>
        <Loader label={t('event.loading')} />
      </div>
    );
  }
  if ((query.isError && isEventNotFound(query.error)) || (query.isSuccess && !event)) {
    return <Navigate to={NOT_FOUND_PATH} replace />;
  }
  if (query.isError || !event) {
    return (
      <div className={styles.state} role="alert">
        <p>{t('event.error')}</p>
        <Button onClick={() => void query.refetch()}>{t('event.retry')}</Button>
      </div>
    );
  }
  return (
    <EventSlotsProvider slots={slots}>
      <EventPage key={event.template.id} event={event} heading={heading} />
    </EventSlotsProvider>
  );
}
