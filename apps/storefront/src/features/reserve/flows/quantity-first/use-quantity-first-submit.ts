import { useCallback, useState } from 'react';
import type { Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PricedSession } from '@admit/contracts/availability';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
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
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import { SESSION_FIELD_ID } from '@/features/reserve/flows/date-first/session-picker';
import { DATE_FIELD_ID } from '@/features/reserve/flows/quantity-first/date-step';
import { postSessions } from '@/features/reserve/flows/quantity-first/post-sessions';
import type {
  QuantityFirstAction,
  QuantityFirstState,
} from '@/features/reserve/flows/quantity-first/quantity-first-state';
import { FIND_BUTTON_ID } from '@/features/reserve/flows/quantity-first/quantity-step';
import { quantityFirstKeys } from '@/features/reserve/flows/quantity-first/use-quantity-first-data';

/** The later steps still open, in page order (spec: shopping §5 messages). */
export function validateQuantityFirst(
  state: QuantityFirstState,
  groups: readonly GroupDetails[] | null,
): FieldIssue[] {
  if (state.date === null) return [{ fieldId: DATE_FIELD_ID, messageKey: 'reserve.select_date' }];
  if (state.sessionId === null) {
    return [{ fieldId: SESSION_FIELD_ID, messageKey: 'reserve.select_session' }];
  }
  if (groups === null)
    return [{ fieldId: QUANTITIES_FIELD_ID, messageKey: 'reserve.select_tickets' }];
  return validateTicketAnswers(groups, state);
}

interface QuantityFirstSubmitInput {
  eventId: string;
  state: QuantityFirstState;
  dispatch: Dispatch<QuantityFirstAction>;
  groups: readonly GroupDetails[] | null;
  chosenSession: PricedSession | null;
  timezone: string;
  promoCode: string | null;
  /** the event's next_route (shopping §3 web.ecommerce), null for the default */
  nextRoute: string | null;
  /** the CityPASS fields (web.ecommerce.citypass; use-reserve-citypass.ts) */
  citypass: ReserveCitypass;
}

/** Find Seats (or Change Selected Seats) of the quantity-first flow's details step. */
export const QUANTITY_FIRST_FIND_SEATS_ID = 'quantity-first-find-seats';

/**
 * Submit of the quantity-first flow. Before the quantities are closed the only thing to do is
 * "Find available tickets" (spec: shopping §5); after it the shared submit validates the steps
 * and reserves. A sold-out session reads the day again: another session if one fits, else the
 * dates are fetched again and the date cleared (the §8 sold-out texts of the dated flows).
 * A seated session's tickets go with their seats, as in the date-first flow (decision 0054).
 */
export function useQuantityFirstSubmit(input: QuantityFirstSubmitInput) {
  const {
    eventId,
    state,
    dispatch,
    groups,
    chosenSession,
    timezone,
    promoCode,
    nextRoute,
    citypass,
  } = input;
  const submission = useSubmitReservation();
  const queryClient = useQueryClient();
  const { locale } = useSellerConfig();
  const t = useStrings(DATE_FIRST_STRINGS);
  const [mustFind, setMustFind] = useState(false);
  const seats = useSeatSlot(submission, state.sessionId);
  const seatedSession = state.sessionId !== null && groups !== null && hasSeatedGroups(groups);

  const onSessionSoldOut = useCallback(async (): Promise<ReserveMessage> => {
    const date = state.date ?? '';
    const fresh = await postSessions(eventId, date, state.quantities);
    const time = chosenSession
      ? formatSessionTime(chosenSession.start_datetime, timezone, locale)
      : '';
    await queryClient.invalidateQueries({ queryKey: quantityFirstKeys.sessions(eventId) });
    if (fresh.event_session._data.some((session) => !isSessionSoldOut(session))) {
      dispatch({ type: 'clear_session' });
      return { text: t('reserve.sold_out_session', { time }) };
    }
    dispatch({ type: 'clear_date' });
    await queryClient.invalidateQueries({ queryKey: quantityFirstKeys.dates(eventId) });
    return { text: t('reserve.sold_out_date', { date: formatLongDate(date, locale) }) };
  }, [
    eventId,
    state.date,
    state.quantities,
    chosenSession,
    timezone,
    locale,
    queryClient,
    dispatch,
    t,
  ]);

  const submit = useCallback(() => {
    if (state.quantitiesOpen) {
      setMustFind(true);
      submission.clearIssues();
      document.getElementById(FIND_BUTTON_ID)?.focus();
      return;
    }
    setMustFind(false);
    if (seats.stopsSubmit(seatedSession, QUANTITY_FIRST_FIND_SEATS_ID)) return;
    void submission.submit({
      validate: () => validateQuantityFirst(state, groups),
      buildBody: () =>
        toTicketsBody(groups ?? [], state, {
          eventSessionId: state.sessionId,
          promoCode,
          seats: seatedSession ? seats.report.tickets : [],
        }),
      onSessionSoldOut,
      nextRoute,
      citypass,
      onInlineFailure: seats.onInlineFailure,
    });
  }, [
    state,
    groups,
    promoCode,
    submission,
    onSessionSoldOut,
    seats,
    seatedSession,
    nextRoute,
    citypass,
  ]);

  return {
    ...submission,
    submit,
    mustFind,
    clearMustFind: () => setMustFind(false),
    seats,
    seatedSession,
  };
}
