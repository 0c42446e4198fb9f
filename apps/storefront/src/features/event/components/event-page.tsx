import { useStrings } from '@/ui/text/use-strings';
import { EVENT_STRINGS } from '@/features/event/strings';
import type { EventDetail } from '@/api/events/event-detail';
import { metaFlag, metaText } from '@/api/events/event-detail';
import { CoverImage } from '@/features/event/components/cover-image';
import { EventDescription } from '@/features/event/components/event-description';
import { AddOnBanner } from '@/features/event/components/add-on-banner';
import { useAddOnBanner } from '@/features/event/model/add-on-chain';
import { SelectionArea } from '@/features/event/components/selection-area';
import { MemberNotices } from '@/features/event/components/member-notices';
import { CartWidgetPlaceholder } from '@/features/event/components/cart-widget-placeholder';
import { useEventSlots } from '@/features/event/event-slots';
import styles from '@/features/event/components/event-page.module.css';

/** spec: shopping §2 "Event detail" layout — heading, cover, subtitle, description, venue. */
export function EventPage({ event, heading }: { event: EventDetail; heading?: string }) {
  const t = useStrings(EVENT_STRINGS);
  const { sidebar: Sidebar = CartWidgetPlaceholder } = useEventSlots();
  const addOn = useAddOnBanner(event);
  const { template, venue } = event;
  const cover = metaText(event, 'image_cover');
  const showVenue = venue !== null && !metaFlag(event, 'hide_event_details');
  return (
    <div className={styles.layout}>
      <article className={styles.content} aria-labelledby="event-heading">
        <h1 id="event-heading" className={styles.heading}>
          {heading ?? template.name}
        </h1>
        {cover && <CoverImage src={cover} alt={metaText(event, 'image_cover_alt') ?? ''} />}
        {template.subtitle && <p className={styles.subtitle}>{template.subtitle}</p>}
        {template.description && (
          <EventDescription html={template.description} title={template.name} />
        )}
        {showVenue && (
          <p className={styles.venue}>
            <span className={styles.venueLabel}>{t('event.venue_label')}</span>{' '}
            <span>{venue.name}</span>
            {venue.address && <span className={styles.venueAddress}>{venue.address}</span>}
          </p>
        )}
        <MemberNotices event={event} />
        {addOn && <AddOnBanner skipTo={addOn.skipTo} />}
        <SelectionArea event={event} skipAddOnTo={addOn?.skipTo ?? null} />
      </article>
      <div className={styles.sidebar}>
        <Sidebar />
      </div>
    </div>
  );
}
