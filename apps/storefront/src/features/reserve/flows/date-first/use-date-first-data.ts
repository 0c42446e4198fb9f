import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EventDetail } from '@/api/events/event-detail';
import { useEvent } from '@/api/events/get-event';
import { sessionDetailQueryOptions } from '@/features/reserve/api/get-session-detail';
import { sessionsOnDateQueryOptions } from '@/features/reserve/api/get-sessions';
import type { GroupFilter } from '@/features/reserve/model/reserve-groups';
import { groupMetaOf, sessionGroupsOf } from '@/features/reserve/model/reserve-groups';
import type { GroupDetails } from '@/features/reserve/model/ticket-details';
import { toGroupDetails } from '@/features/reserve/model/ticket-details';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import type { DateFirstState } from '@/features/reserve/flows/date-first/date-first-state';

export interface DateFirstDataInput {
  event: EventDetail;
  state: DateFirstState;
  filter: GroupFilter;
  flexibleGroups: readonly TicketGroupWithTypes[];
}

type Details = { groups: GroupDetails[]; error: false } | { groups: []; error: true };

function details(run: () => GroupDetails[]): Details {
  try {
    return { groups: run(), error: false };
  } catch {
    // a survey spec the storefront cannot render (shopping §5 "missing type is an error")
    return { groups: [], error: true };
  }
}

/**
 * The reads behind the date-first page (spec: shopping §4): the chosen day's sessions, the
 * chosen session's groups, or the event's any-date groups in flexible mode; each group joined
 * with its meta (admit settings, survey).
 */
export function useDateFirstData({ event, state, filter, flexibleGroups }: DateFirstDataInput) {
  const eventId = event.template.id;
  const sessionsParams = { eventId, date: state.date ?? '', ticketGroupIds: filter.ticketGroupIds };
  const sessions = useQuery({
    ...sessionsOnDateQueryOptions(sessionsParams),
    enabled: state.admission === 'single' && state.date !== null,
  });
  const sessionDetail = useQuery({
    ...sessionDetailQueryOptions(eventId, state.sessionId ?? ''),
    enabled: state.admission === 'single' && state.sessionId !== null,
  });
  // group meta of any-date groups travels with the event read (already cached by the page)
  const eventMeta = useEvent(eventId).data?.meta?._data;

  const groupDetails = useMemo<Details | null>(() => {
    if (state.admission === 'any') {
      return details(() =>
        toGroupDetails(flexibleGroups, (id) => groupMetaOf(eventMeta, id), event),
      );
    }
    if (state.sessionId === null || !sessionDetail.data) return null;
    const body = sessionDetail.data;
    return details(() =>
      toGroupDetails(
        sessionGroupsOf(body, filter),
        (id) => groupMetaOf(body.meta?._data, id),
        event,
      ),
    );
  }, [
    state.admission,
    state.sessionId,
    sessionDetail.data,
    flexibleGroups,
    eventMeta,
    event,
    filter,
  ]);

  const chosenSession =
    sessionDetail.data?.event_session._data[0] ??
    sessions.data?.event_session._data.find((session) => session.id === state.sessionId) ??
    null;

  return { sessionsParams, sessions, sessionDetail, groupDetails, chosenSession };
}
