import { useCallback, useEffect, useRef, useState } from 'react';
import type { Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CalendarDay, PricedSession } from '@admit/contracts/availability';
import { isSelectableDay } from '@/ui/calendar/calendar-days';
import { sessionDetailQueryOptions } from '@/features/reserve/api/get-session-detail';
import {
  QUERY_MESSAGE_KEYS,
  reserveModeVerdict,
  resolveQueryQuantities,
} from '@/features/reserve/model/query-preselect';
import type { ReserveQuery, ReserveQueryProblem } from '@/features/reserve/model/reserve-query';
import { isSessionSoldOut } from '@/features/reserve/model/session-tabs';
import type { Quantities, StepperGroup } from '@/features/reserve/model/stepper-rules';
import type { GroupDetails } from '@/features/reserve/model/ticket-details';
import { venueDate } from '@/features/reserve/model/venue-time';
import type {
  QuantityFirstAction,
  QuantityFirstState,
} from '@/features/reserve/flows/quantity-first/quantity-first-state';

type QueryGroup = StepperGroup & { ticketTypes: { id: string; name: string }[] };

/**
 * The quantities the query preselects before anything is read (the flow starts with them):
 * strict keeps nothing when a type is missing or capped, or session and date collide.
 */
export function initialQueryPreselect(query: ReserveQuery, groups: readonly QueryGroup[]) {
  const resolved = resolveQueryQuantities(query, groups, null);
  const problem: ReserveQueryProblem | null = query.conflict
    ? 'session_date_conflict'
    : resolved.problem;
  const quantities: Quantities =
    query.mode === 'strict' && problem !== null ? {} : resolved.quantities;
  return { quantities, problem };
}

interface QuantityFirstPreselectInput {
  query: ReserveQuery;
  initial: ReturnType<typeof initialQueryPreselect>;
  eventId: string;
  state: QuantityFirstState;
  dispatch: Dispatch<QuantityFirstAction>;
  /** the days the quantities fit on; undefined while loading */
  days: ReadonlyMap<string, CalendarDay> | undefined;
  /** the chosen day's sessions the cart allows; undefined while loading */
  offered: readonly PricedSession[] | undefined;
  details: readonly GroupDetails[] | null;
  timezone: string;
  submit: () => void;
}

/**
 * Applies the reserve query parameters to the quantity-first flow once, in its step order (spec:
 * shopping §5 "Reserve query parameters"; modes as decision 0009): quantities (already in the
 * initial state), then "find", then the date or the session's date, then the session, then
 * reserve as the mode asks. Returns the §8 message key for what could not be honoured.
 */
export function useQuantityFirstPreselect(input: QuantityFirstPreselectInput) {
  const { query, initial, eventId, state, dispatch, days, offered, details, timezone, submit } =
    input;
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<ReserveQueryProblem | null>(initial.problem);
  const done = useRef({ find: false, date: false, session: false, reserve: false });
  const sessionDate = useRef<string | null>(null);

  const fail = useCallback(
    (found: ReserveQueryProblem) => {
      setProblem((current) => current ?? found);
      // strict: nothing stays preselected (set_quantities reopens the quantities step)
      if (query.mode === 'strict') dispatch({ type: 'set_quantities', quantities: {} });
    },
    [query.mode, dispatch],
  );

  // step 1: find the dates for the preselected quantities when the query names a date or session
  useEffect(() => {
    if (done.current.find) return;
    done.current.find = true;
    const hasTickets = Object.keys(initial.quantities).length > 0;
    if (hasTickets && (query.date !== null || query.sessionId !== null))
      dispatch({ type: 'find_tickets' });
  }, [initial, query, dispatch]);

  // step 2: the date, or the session's own date, once the days are known
  useEffect(() => {
    if (done.current.date || state.quantitiesOpen || days === undefined) return;
    done.current.date = true;
    if (query.date !== null) {
      if (isSelectableDay(days.get(query.date)))
        dispatch({ type: 'select_date', date: query.date });
      else fail('unavailable_on_date');
    }
    const sessionId = query.sessionId;
    if (sessionId === null) return;
    queryClient.fetchQuery(sessionDetailQueryOptions(eventId, sessionId)).then(
      (body) => {
        const session = body.event_session._data[0];
        if (!session) return fail('session_not_found');
        const date = venueDate(session.start_datetime, timezone);
        if (isSessionSoldOut(session) || !isSelectableDay(days.get(date)))
          return fail('session_unavailable');
        sessionDate.current = date;
        dispatch({ type: 'select_date', date });
      },
      () => fail('session_not_found'),
    );
  }, [state.quantitiesOpen, days, query, fail, dispatch, queryClient, eventId, timezone]);

  // step 3: the session, once that date's sessions are read (it must be in the offered list)
  useEffect(() => {
    const sessionId = query.sessionId;
    if (done.current.session || sessionId === null || offered === undefined) return;
    if (state.date === null || state.date !== sessionDate.current) return;
    done.current.session = true;
    const session = offered.find((candidate) => candidate.id === sessionId);
    if (!session) return fail('session_not_found');
    if (isSessionSoldOut(session)) return fail('session_unavailable');
    dispatch({ type: 'select_session', sessionId });
  }, [query.sessionId, offered, state.date, fail, dispatch]);

  // step 4: reserve straight away once the session's details are read
  const reached = query.sessionId !== null && state.sessionId === query.sessionId;
  useEffect(() => {
    if (done.current.reserve || !reached || details === null) return;
    done.current.reserve = true;
    const hasTickets = Object.values(state.quantities).some((count) => count > 0);
    const verdict = reserveModeVerdict(query.mode, { complete: problem === null, hasTickets });
    if (verdict.reserve) submit();
  }, [reached, details, state.quantities, query.mode, problem, submit]);

  return problem ? QUERY_MESSAGE_KEYS[problem] : null;
}
