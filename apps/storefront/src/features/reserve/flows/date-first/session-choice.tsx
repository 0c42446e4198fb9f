import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PricedSession } from '@admit/contracts/availability';
import { useEvent } from '@/api/events/get-event';
import { toEventDetail } from '@/api/events/event-detail';
import { useSellerConfig } from '@/config/seller-config';
import {
  calendarHorizon,
  selectableDatesFrom,
  todayIn,
  toDayMap,
} from '@/ui/calendar/calendar-days';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { calendarQueryOptions } from '@/features/reserve/api/get-calendar';
import { sessionsOnDateQueryOptions } from '@/features/reserve/api/get-sessions';
import { parseSessionTabs } from '@/features/reserve/model/session-tabs';
import { DateButtons } from '@/features/reserve/flows/date-first/date-buttons';
import { SessionPicker } from '@/features/reserve/flows/date-first/session-picker';
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';

/** The session a visitor chose, with the price of each ticket type there (its price schedule). */
export interface ChosenSession {
  sessionId: string;
  start: string;
  /** ticket type id → price at this session (POST/GET events/{id}/sessions `price_schedule`) */
  prices: Record<string, string>;
}

export interface SessionChoiceProps {
  eventId: string;
  /** the groups whose availability counts (the moved tickets' groups) */
  ticketGroupIds: readonly string[];
  /** the session the tickets are in now: not a choice */
  currentSessionId: string;
  /** how many places the chosen session must have */
  places: number;
  onChange: (choice: ChosenSession | null) => void;
}

const NO_ISSUES = new Map();

/** A session that cannot take `places` more: shown like a sold-out one (not chosen). */
function withPlaces(session: PricedSession, places: number): PricedSession {
  const short = session.availableCapacity >= 0 && session.availableCapacity < places;
  return short ? { ...session, sold_out: true } : session;
}

/**
 * The date-first picker without tickets (shopping §2 "Date-first reserve page": up to 8 date
 * buttons, "Show more dates", the day's times in their tabs): what the manage feature's
 * reschedule page (identity §2 /manage/{orderId}/reschedule/{sessionId}) plugs in through the
 * app layer to choose another date and time for tickets already bought.
 */
export function SessionChoice({
  eventId,
  ticketGroupIds,
  currentSessionId,
  places,
  onChange,
}: SessionChoiceProps) {
  const t = useStrings(DATE_FIRST_STRINGS);
  const config = useSellerConfig();
  const eventQuery = useEvent(eventId);
  const event = eventQuery.data ? toEventDetail(eventQuery.data) : null;
  const timezone = event?.venue?.timezone ?? config.timezone;
  const [today] = useState(() => todayIn(timezone));
  const [date, setDate] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const calendar = useQuery(
    calendarQueryOptions({ eventId, ticketGroupIds, before: calendarHorizon(today) }),
  );
  const days = useMemo(() => toDayMap(calendar.data ?? []), [calendar.data]);
  const selectable = useMemo(() => selectableDatesFrom(days, today), [days, today]);
  const sessionsQuery = useQuery({
    ...sessionsOnDateQueryOptions({ eventId, date: date ?? '', ticketGroupIds }),
    enabled: date !== null,
  });
  const sessions = (sessionsQuery.data?.event_session._data ?? [])
    .filter((session) => session.id !== currentSessionId)
    .map((session) => withPlaces(session, places));
  const tabSpecs = useMemo(
    () => (event ? parseSessionTabs(event.config.get('web.ecommerce')) : []),
    [event],
  );

  const choose = (id: string) => {
    setSessionId(id);
    const session = sessions.find((s) => s.id === id);
    const schedule = sessionsQuery.data?.price_schedule?._data ?? [];
    onChange(
      session
        ? {
            sessionId: id,
            start: session.start_datetime,
            prices: Object.fromEntries(
              schedule
                .filter((row) => row.event_session_id === id)
                .map((row) => [row.ticket_type_id, row.currency_amount]),
            ),
          }
        : null,
    );
  };

  if (calendar.isPending || eventQuery.isPending) return <Loader label={t('reserve.loading')} />;
  if (calendar.isError) {
    return (
      <p role="alert" className={reserveStyles.alert}>
        {t('reserve.init_error')}
      </p>
    );
  }
  if (selectable.length === 0) return <p role="status">{t('reserve.unavailable')}</p>;
  return (
    <>
      <DateButtons
        days={days}
        selectable={selectable}
        value={date}
        onSelect={(next) => {
          setDate(next);
          setSessionId(null);
          onChange(null);
        }}
        timezone={timezone}
        issues={NO_ISSUES}
      />
      {date !== null &&
        (sessionsQuery.isPending ? (
          <Loader label={t('reserve.loading_sessions')} />
        ) : (
          <SessionPicker
            key={date}
            sessions={sessions}
            value={sessionId}
            onSelect={choose}
            timezone={timezone}
            tabSpecs={tabSpecs}
            showPrices={false}
            issues={NO_ISSUES}
          />
        ))}
    </>
  );
}
