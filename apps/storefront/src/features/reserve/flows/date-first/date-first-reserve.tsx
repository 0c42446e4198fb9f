import { useMemo, useState } from 'react';
import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CALENDAR_VISIBILITY_THRESHOLD } from '@admit/contracts/constants';
import { useSearchParams } from 'react-router';
import type { EventDetail } from '@/api/events/event-detail';
import { daysInWindow } from '@/features/reserve/model/session-constraints';
import { useSessionConstraints } from '@/features/reserve/use-session-constraints';
import { Button } from '@/ui/button';
import {
  calendarHorizon,
  selectableDatesFrom,
  todayIn,
  toDayMap,
} from '@/ui/calendar/calendar-days';
import { useSellerConfig } from '@/config/seller-config';
import { Loader } from '@/ui/loader';
import { useOnceVisible } from '@/ui/use-once-visible';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import { useStrings } from '@/ui/text/use-strings';
import { calendarQueryOptions } from '@/features/reserve/api/get-calendar';
import { flexibleGroupsOf, hasDatedGroups } from '@/features/reserve/model/reserve-groups';
import { parseReserveQuery } from '@/features/reserve/model/reserve-query';
import type { SeatSelectorSlotProps } from '@/features/reserve/seat-selector-slot';
import { VisitWindowNote } from '@/features/reserve/components/visit-window-note';
import { DateFirstForm } from '@/features/reserve/flows/date-first/date-first-form';
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';

/**
 * The date-first reserve page (spec: shopping §2 "Date-first reserve page", §4 states: loading,
 * unavailable warning, initialization error, ready). Plugged into the event page's selection
 * area by the app layer; the event page hands it where the add-on banner's "skip add-on" leads.
 */
export function DateFirstReserve({
  event,
  skipAddOnTo,
  SeatSelector,
}: {
  event: EventDetail;
  skipAddOnTo: string | null;
  /** the seat selector for seated sessions (features/seats, plugged in by the app shell) */
  SeatSelector: ComponentType<SeatSelectorSlotProps>;
}) {
  const t = useStrings(DATE_FIRST_STRINGS);
  const config = useSellerConfig();
  // spec: shopping §6 — a current membership, not a login, opens members-only groups
  const { isMember } = useMemberStatus();
  const [search] = useSearchParams();
  // the query parameters are read once, on arrival: later selections must not re-apply them
  const [query] = useState(() => parseReserveQuery(search));
  const filter = useMemo(
    () => ({ isMember, ticketGroupIds: query.ticketGroupIds }),
    [isMember, query],
  );
  const timezone = event.venue?.timezone ?? config.timezone;
  const [today] = useState(() => todayIn(timezone));
  const flexibleGroups = useMemo(() => flexibleGroupsOf(event, filter), [event, filter]);
  const dated = hasDatedGroups(event, filter);
  // spec: shopping §9 "Calendar visibility threshold 0.4" — the calendar is read as soon as the
  // reserve panel is 40% on screen, else once the page is idle: it never holds up the page's first
  // work for a panel below the fold, nor is it missing when reached (decision 0065)
  const [panelRef, panelSeen] = useOnceVisible<HTMLElement>(CALENDAR_VISIBILITY_THRESHOLD);
  const calendar = useQuery({
    ...calendarQueryOptions({
      eventId: event.template.id,
      ticketGroupIds: query.ticketGroupIds,
      before: calendarHorizon(today),
    }),
    enabled: dated && panelSeen,
  });
  const constraints = useSessionConstraints(event);
  // spec: shopping §4 "Anchor cart" — an add-on offers only the days of the visit window
  const days = useMemo(
    () => daysInWindow(toDayMap(calendar.data ?? []), constraints.visitWindow),
    [calendar.data, constraints.visitWindow],
  );
  const selectable = useMemo(() => selectableDatesFrom(days, today), [days, today]);

  let content;
  if (dated && calendar.isPending) content = <Loader label={t('reserve.loading')} />;
  else if (dated && calendar.isError) {
    content = (
      <div role="alert">
        <p className={reserveStyles.muted}>{t('reserve.init_error')}</p>
        <Button variant="secondary" onClick={() => void calendar.refetch()}>
          {t('reserve.retry')}
        </Button>
      </div>
    );
  } else if (selectable.length === 0 && flexibleGroups.length === 0) {
    content = <p role="status">{t('reserve.unavailable')}</p>;
  } else {
    content = (
      <DateFirstForm
        event={event}
        days={days}
        selectable={selectable}
        flexibleGroups={flexibleGroups}
        timezone={timezone}
        filter={filter}
        query={query}
        constraints={constraints}
        skipAddOnTo={skipAddOnTo}
        SeatSelector={SeatSelector}
      />
    );
  }
  return (
    <section ref={panelRef} aria-labelledby="date-first-heading" className={reserveStyles.panel}>
      <h2 id="date-first-heading" className={reserveStyles.sectionHeading}>
        {t('reserve.date_first_heading')}
      </h2>
      {constraints.visitWindow && <VisitWindowNote window={constraints.visitWindow} />}
      {content}
    </section>
  );
}
