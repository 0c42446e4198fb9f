import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EventDetail } from '@/api/events/event-detail';
import { calendarHorizon, toDayMap, todayIn } from '@/ui/calendar/calendar-days';
import { sessionDetailQueryOptions } from '@/features/reserve/api/get-session-detail';
import type { GroupFilter } from '@/features/reserve/model/reserve-groups';
import { groupMetaOf, sessionGroupsOf } from '@/features/reserve/model/reserve-groups';
import type { GroupDetails } from '@/features/reserve/model/ticket-details';
import { toGroupDetails } from '@/features/reserve/model/ticket-details';
import type { QuantityFirstState } from '@/features/reserve/flows/quantity-first/quantity-first-state';
import {
  postCalendar,
  toSelectionBody,
} from '@/features/reserve/flows/quantity-first/post-calendar';
import { postSessions } from '@/features/reserve/flows/quantity-first/post-sessions';

const quantitiesKey = (state: QuantityFirstState) =>
  JSON.stringify(toSelectionBody(state.quantities).ticket_types_required);

/** Query keys of the flow's reads, so a sold-out reserve can refresh them. */
export const quantityFirstKeys = {
  dates: (eventId: string) => ['events', eventId, 'quantity-first', 'dates'] as const,
  sessions: (eventId: string) => ['events', eventId, 'quantity-first', 'sessions'] as const,
};

type Details = { groups: GroupDetails[]; error: false } | { groups: []; error: true };

/**
 * The reads behind the quantity-first flow (spec: shopping §4, §7): the days the quantities fit
 * (POST calendar) once quantities close, the chosen day's sessions (POST sessions), and the
 * chosen session's groups with their admit settings and surveys.
 */
export function useQuantityFirstData(
  event: EventDetail,
  state: QuantityFirstState,
  filter: GroupFilter,
) {
  const eventId = event.template.id;
  const timezone = event.venue?.timezone ?? 'UTC';
  const key = quantitiesKey(state);
  const dates = useQuery({
    queryKey: [...quantityFirstKeys.dates(eventId), key],
    queryFn: () => postCalendar(eventId, state.quantities, calendarHorizon(todayIn(timezone))),
    enabled: !state.quantitiesOpen,
    select: toDayMap,
    retry: false,
    staleTime: 0,
  });
  const sessions = useQuery({
    queryKey: [...quantityFirstKeys.sessions(eventId), key, state.date],
    queryFn: () => postSessions(eventId, state.date ?? '', state.quantities),
    enabled: !state.quantitiesOpen && state.date !== null,
    retry: false,
    staleTime: 0,
  });
  const sessionDetail = useQuery({
    ...sessionDetailQueryOptions(eventId, state.sessionId ?? ''),
    enabled: state.sessionId !== null,
  });

  const details = useMemo<Details | null>(() => {
    const body = sessionDetail.data;
    if (state.sessionId === null || !body) return null;
    try {
      const groups = sessionGroupsOf(body, filter).filter(({ ticketTypes }) =>
        ticketTypes.some((type) => (state.quantities[type.id] ?? 0) > 0),
      );
      return {
        groups: toGroupDetails(groups, (id) => groupMetaOf(body.meta?._data, id), event),
        error: false,
      };
    } catch {
      // a survey spec the storefront cannot render (shopping §5 "missing type is an error")
      return { groups: [], error: true };
    }
  }, [sessionDetail.data, state.sessionId, state.quantities, filter, event]);

  return { timezone, dates, sessions, sessionDetail, details };
}
