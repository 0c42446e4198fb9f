import { useCallback } from 'react';
import type { Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PricedSession } from '@admit/contracts/availability';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { sessionsOnDateQueryOptions } from '@/features/reserve/api/get-sessions';
import type { SessionsOnDateParams } from '@/features/reserve/api/get-sessions';
import type { FieldIssue } from '@/features/reserve/model/form-issues';
import { QUANTITIES_FIELD_ID } from '@/features/reserve/model/form-issues';
import { isSessionSoldOut } from '@/features/reserve/model/session-tabs';
import type { GroupDetails } from '@/features/reserve/model/ticket-details';
import { toTicketsBody, validateTicketAnswers } from '@/features/reserve/model/ticket-details';
import { formatLongDate } from '@admit/contracts/session-time';
import { formatSessionTime } from '@admit/contracts/session-time';
import type { ReserveMessage } from '@/features/reserve/use-submit-reservation';
import { useSubmitReservation } from '@/features/reserve/use-submit-reservation';
import type { ReserveCitypass } from '@/features/reserve/use-reserve-citypass';
import { useSeatSlot } from '@/features/reserve/use-seat-slot';
import { hasSeatedGroups } from '@/features/reserve/model/seated-groups';
import { ADMISSION_FIELD_ID } from '@/features/reserve/flows/date-first/admission-choice';
import { DATE_FIELD_ID } from '@/features/reserve/flows/date-first/date-buttons';
import type {
  DateFirstAction,
  DateFirstState,
} from '@/features/reserve/flows/date-first/date-first-state';
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import { SESSION_FIELD_ID } from '@/features/reserve/flows/date-first/session-picker';

/** The date-first steps still open, in page order (spec: shopping §5 messages). */
export function validateDateFirst(
  state: DateFirstState,
  groups: readonly GroupDetails[] | null,
): FieldIssue[] {
  if (state.admission === null) {
    return [{ fieldId: ADMISSION_FIELD_ID, messageKey: 'reserve.select_admission' }];
  }
  if (state.admission === 'single') {
    if (state.date === null) return [{ fieldId: DATE_FIELD_ID, messageKey: 'reserve.select_date' }];
    if (state.sessionId === null) {
      return [{ fieldId: SESSION_FIELD_ID, messageKey: 'reserve.select_session' }];
    }
  }
  if (groups === null)
    return [{ fieldId: QUANTITIES_FIELD_ID, messageKey: 'reserve.select_tickets' }];
  return validateTicketAnswers(groups, state);
}

interface DateFirstSubmitInput {
  state: DateFirstState;
  dispatch: Dispatch<DateFirstAction>;
  groups: readonly GroupDetails[] | null;
  sessionsParams: SessionsOnDateParams;
  chosenSession: PricedSession | null;
  timezone: string;
  promoCode: string | null;
  eventId: string;
  /** the event's next_route (shopping §3 web.ecommerce), null for the default */
  nextRoute: string | null;
  /** the CityPASS fields (web.ecommerce.citypass; use-reserve-citypass.ts) */
  citypass: ReserveCitypass;
}

/** Find Seats (or Change Selected Seats) of the date-first page, focused when seats block. */
export const DATE_FIRST_FIND_SEATS_ID = 'date-first-find-seats';

/**
 * Submit of the date-first page, with its sold-out handling (spec: shopping §8): on
 * event_session_sold_out the day's sessions are read again; if some still have places the
 * visitor picks another, otherwise the calendar reloads and the date and session are cleared.
 * A seated session's tickets go with their seats (decision 0054): the §5 seat message while
 * the selection is incomplete, and a lost seat race handed back to the selector.
 */
export function useDateFirstSubmit(input: DateFirstSubmitInput) {
  const { state, dispatch, groups, sessionsParams, chosenSession, timezone, promoCode, eventId } =
    input;
  const { nextRoute, citypass } = input;
  const submission = useSubmitReservation();
  const sessionId = state.admission === 'single' ? state.sessionId : null;
  const seats = useSeatSlot(submission, sessionId);
  const seatedSession = sessionId !== null && groups !== null && hasSeatedGroups(groups);
  const queryClient = useQueryClient();
  const { locale } = useSellerConfig();
  const t = useStrings(DATE_FIRST_STRINGS);

  const onSessionSoldOut = useCallback(async (): Promise<ReserveMessage> => {
    // through the query client: cached for the picker, and retried as any read (shopping §7)
    const fresh = await queryClient.fetchQuery(sessionsOnDateQueryOptions(sessionsParams));
    const time = chosenSession
      ? formatSessionTime(chosenSession.start_datetime, timezone, locale)
      : '';
    if (fresh.event_session._data.some((session) => !isSessionSoldOut(session))) {
      return { text: t('reserve.sold_out_session', { time }) };
    }
    dispatch({ type: 'clear_date' });
    await queryClient.invalidateQueries({ queryKey: ['events', eventId, 'calendar'] });
    return {
      text: t('reserve.sold_out_date', {
        date: formatLongDate(sessionsParams.date, locale),
      }),
    };
  }, [sessionsParams, queryClient, chosenSession, timezone, locale, t, dispatch, eventId]);

  const submit = useCallback(async () => {
    if (seats.stopsSubmit(seatedSession, DATE_FIRST_FIND_SEATS_ID)) return;
    await submission.submit({
      validate: () => validateDateFirst(state, groups),
      buildBody: () =>
        toTicketsBody(groups ?? [], state, {
          eventSessionId: sessionId,
          promoCode,
          seats: seatedSession ? seats.report.tickets : [],
        }),
      onSessionSoldOut: sessionId !== null ? onSessionSoldOut : undefined,
      nextRoute,
      citypass,
      onInlineFailure: seats.onInlineFailure,
    });
  }, [
    submission,
    seats,
    seatedSession,
    state,
    groups,
    sessionId,
    promoCode,
    onSessionSoldOut,
    nextRoute,
    citypass,
  ]);

  return { ...submission, submit, seats, seatedSession };
}
