import { useEffect, useRef, useState } from 'react';
import type { Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionDetailQueryOptions } from '@/features/reserve/api/get-session-detail';
import type { ReserveQuery, ReserveQueryProblem } from '@/features/reserve/model/reserve-query';
import {
  QUERY_MESSAGE_KEYS,
  reserveModeVerdict,
  resolveQueryQuantities,
} from '@/features/reserve/model/query-preselect';
import { isSessionSoldOut } from '@/features/reserve/model/session-tabs';
import type { GroupDetails } from '@/features/reserve/model/ticket-details';
import { venueDate } from '@/features/reserve/model/venue-time';
import type {
  DateFirstAction,
  DateFirstState,
} from '@/features/reserve/flows/date-first/date-first-state';
import type { useDateFirstData } from '@/features/reserve/flows/date-first/use-date-first-data';

interface PreselectInput {
  query: ReserveQuery;
  state: DateFirstState;
  dispatch: Dispatch<DateFirstAction>;
  data: ReturnType<typeof useDateFirstData>;
  groups: readonly GroupDetails[] | null;
  selectable: readonly string[];
  /** the day's sessions the cart allows (shopping §5 "Session conflicts"); undefined while loading */
  offered: readonly { id: string }[] | undefined;
  timezone: string;
  submit: () => Promise<void>;
}

/**
 * Applies the reserve query parameters once (spec: shopping §5 "Reserve query parameters"):
 * preselects the date or session and the quantities, reserves at once as the mode asks, and
 * returns the message for what could not be honoured.
 */
export function useQueryPreselect({
  query,
  state,
  dispatch,
  data,
  groups,
  selectable,
  offered,
  timezone,
  submit,
}: PreselectInput) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<ReserveQueryProblem | null>(
    query.conflict ? 'session_date_conflict' : null,
  );
  const started = useRef(false);
  const quantitiesApplied = useRef(false);
  const [autoSubmit, setAutoSubmit] = useState(false);
  const eventId = data.sessionsParams.eventId;

  // step 1: the date or the session
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (query.date !== null) {
      if (selectable.includes(query.date)) dispatch({ type: 'select_date', date: query.date });
      else setProblem('unavailable_on_date');
    }
    const sessionId = query.sessionId;
    if (sessionId === null) return;
    queryClient.fetchQuery(sessionDetailQueryOptions(eventId, sessionId)).then(
      (body) => {
        const session = body.event_session._data[0];
        if (!session) return setProblem('session_not_found');
        const date = venueDate(session.start_datetime, timezone);
        if (isSessionSoldOut(session) || !selectable.includes(date))
          return setProblem('session_unavailable');
        dispatch({ type: 'select_date', date });
        dispatch({ type: 'select_session', sessionId });
      },
      () => setProblem('session_not_found'),
    );
  }, [query, selectable, dispatch, queryClient, eventId, timezone]);

  // spec: shopping §5 — "a session must be in the loaded list" (and not hidden by a conflict)
  const sessionList = offered;
  useEffect(() => {
    if (query.sessionId === null || state.sessionId !== query.sessionId || !sessionList) return;
    if (!sessionList.some((session) => session.id === query.sessionId)) {
      setProblem('session_not_found');
      dispatch({ type: 'clear_date' });
    }
  }, [query.sessionId, state.sessionId, sessionList, dispatch]);

  // step 2: quantities, once the groups of the preselected session (or any-date) are known
  const waitingForSession = query.sessionId !== null && state.sessionId !== query.sessionId;
  useEffect(() => {
    if (quantitiesApplied.current || groups === null || waitingForSession) return;
    if (query.quantities.length === 0 && query.selectTypeId === null) return;
    quantitiesApplied.current = true;
    const capacity =
      state.admission === 'single' ? (data.chosenSession?.availableCapacity ?? null) : null;
    const { quantities, problem: found } = resolveQueryQuantities(query, groups, capacity);
    if (found) setProblem((current) => current ?? found);
    const complete = found === null && problem === null;
    const hasTickets = Object.keys(quantities).length > 0;
    const verdict = reserveModeVerdict(query.mode, { complete, hasTickets });
    if (!verdict.preselect) return;
    dispatch({ type: 'set_quantities', quantities });
    if (verdict.reserve) setAutoSubmit(true);
  }, [groups, waitingForSession, query, state.admission, data.chosenSession, dispatch, problem]);

  // step 3: reserve straight away, once the preselected quantities are in the state
  useEffect(() => {
    if (!autoSubmit || Object.keys(state.quantities).length === 0) return;
    setAutoSubmit(false);
    void submit();
  }, [autoSubmit, state.quantities, submit]);

  return problem ? QUERY_MESSAGE_KEYS[problem] : null;
}
