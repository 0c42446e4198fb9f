import { useEffect, useMemo, useReducer, useState } from 'react';
import { reserveMessageText } from '@/features/reserve/use-submit-reservation';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import type { EventDetail } from '@/api/events/event-detail';
import { daysInWindow, offeredSessions } from '@/features/reserve/model/session-constraints';
import { useSessionConstraints } from '@/features/reserve/use-session-constraints';
import { Button } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import { useStrings } from '@/ui/text/use-strings';
import type { GroupFilter } from '@/features/reserve/model/reserve-groups';
import { parseReserveQuery } from '@/features/reserve/model/reserve-query';
import { parseSessionTabs } from '@/features/reserve/model/session-tabs';
import { ReserveErrorSlot } from '@/features/reserve/components/reserve-error-slot';
import { RuleMessages } from '@/features/reserve/components/rule-messages';
import {
  dateMessages,
  eventMessageRules,
  quantityMessagesOf,
  sessionMessages,
} from '@/features/reserve/model/event-messages';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import { SessionPicker } from '@/features/reserve/flows/date-first/session-picker';
import { useSessionPrices } from '@/features/reserve/use-session-prices';
import { VisitWindowNote } from '@/features/reserve/components/visit-window-note';
import { SessionSeatSelector } from '@/features/reserve/components/session-seat-selector';
import type { SeatSelectorSlotProps } from '@/features/reserve/seat-selector-slot';
import { DateStep } from '@/features/reserve/flows/quantity-first/date-step';
import { DetailsStep } from '@/features/reserve/flows/quantity-first/details-step';
import { datedGroupsOf } from '@/features/reserve/flows/quantity-first/offered-groups';
import { calendarFailure } from '@/features/reserve/flows/quantity-first/post-calendar';
import { useFindTickets } from '@/features/reserve/flows/quantity-first/use-find-tickets';
import {
  initialQuantityFirstState,
  quantityFirstReducer,
} from '@/features/reserve/flows/quantity-first/quantity-first-state';
import { QUANTITY_FIRST_STRINGS } from '@/features/reserve/flows/quantity-first/quantity-first-strings';
import { QuantityStep } from '@/features/reserve/flows/quantity-first/quantity-step';
import { useMemberCap } from '@/features/reserve/use-member-cap';
import { useQuantityFirstData } from '@/features/reserve/flows/quantity-first/use-quantity-first-data';
import {
  initialQueryPreselect,
  useQuantityFirstPreselect,
} from '@/features/reserve/flows/quantity-first/use-quantity-first-preselect';
import {
  QUANTITY_FIRST_FIND_SEATS_ID,
  useQuantityFirstSubmit,
} from '@/features/reserve/flows/quantity-first/use-quantity-first-submit';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/quantity-first/quantity-first.module.css';
import { eventNextRoute, hidesSoldOutSessions } from '@/features/reserve/model/event-ecommerce';
import { useReserveCitypass } from '@/features/reserve/use-reserve-citypass';
import { CitypassVoucherFields } from '@/features/reserve/components/citypass-voucher-fields';

/**
 * The quantity-first flow (spec: shopping §2 item 7, §4): party size first, then the dates and
 * sessions that fit it, then names and survey answers, then reserve.
 */
export function QuantityFirstReserve({
  event,
  SeatSelector,
}: {
  event: EventDetail;
  /** the seat selector for seated sessions (features/seats, plugged in by the app shell) */
  SeatSelector: ComponentType<SeatSelectorSlotProps>;
}) {
  const t = useStrings(QUANTITY_FIRST_STRINGS);
  const tr = useStrings(RESERVE_STRINGS);
  const td = useStrings(DATE_FIRST_STRINGS);
  // spec: shopping §6 — a current membership, not a login, opens members-only groups
  const { isMember } = useMemberStatus();
  const [search] = useSearchParams();
  const query = useMemo(() => parseReserveQuery(search), [search]);
  const filter = useMemo<GroupFilter>(
    () => ({ isMember, ticketGroupIds: query.ticketGroupIds }),
    [isMember, query.ticketGroupIds],
  );
  const groups = useMemo(() => datedGroupsOf(event, filter), [event, filter]);
  // the party is chosen before its session: no session's tickets count yet
  const memberCap = useMemberCap(event, groups, null);
  const eventId = event.template.id;
  // spec: shopping §5 "Reserve query parameters" — the quantities are the flow's first step
  const [initial] = useState(() => initialQueryPreselect(query, groups));
  const [state, dispatch] = useReducer(quantityFirstReducer, eventId, (id) =>
    initialQuantityFirstState(id, initial.quantities),
  );
  // spec: shopping §4 — "an event change reopens quantities"
  useEffect(() => dispatch({ type: 'change_event', eventId }), [eventId]);

  const data = useQuantityFirstData(event, state, filter);
  // spec: shopping §5 "Session conflicts", §4 "Anchor cart"
  const constraints = useSessionConstraints(event);
  const details = data.details && !data.details.error ? data.details.groups : null;
  const chosenSession =
    data.sessions.data?.event_session._data.find((session) => session.id === state.sessionId) ??
    null;
  const citypass = useReserveCitypass(event, groups, state.quantities);
  const submission = useQuantityFirstSubmit({
    eventId,
    state,
    dispatch,
    groups: details,
    chosenSession,
    timezone: data.timezone,
    promoCode: query.code,
    nextRoute: eventNextRoute(event),
    citypass,
  });
  const find = useFindTickets({ quantities: state.quantities, dispatch, submission });
  // spec: shopping §3 config web.ecommerce hide_sold_out_sessions
  const hideSoldOut = hidesSoldOutSessions(event);
  const tabSpecs = useMemo(
    () => parseSessionTabs(event.config.get('web.ecommerce')),
    [event.config],
  );

  const offered = useMemo(
    () =>
      data.sessions.data &&
      offeredSessions(data.sessions.data.event_session._data, constraints).filter(
        (session) => !hideSoldOut || !session.sold_out,
      ),
    [data.sessions.data, constraints, hideSoldOut],
  );
  const sessionPrices = useSessionPrices(
    event,
    offered ?? [],
    data.sessions.data?.price_schedule?._data,
    groups.flatMap((group) => group.ticketTypes),
  );
  const queryMessage = useQuantityFirstPreselect({
    query,
    initial,
    eventId,
    state,
    dispatch,
    days: data.dates.data,
    offered: data.sessions.isPending ? undefined : offered,
    details,
    timezone: data.timezone,
    submit: submission.submit,
  });

  const loading =
    (!state.quantitiesOpen && data.dates.isPending) ||
    (state.date !== null && data.sessions.isPending);
  const message = submission.message;
  // spec: shopping §3 "Message rules" — each action where the visitor makes that choice
  const rules = useMemo(() => eventMessageRules(event), [event]);
  const timezone = data.timezone;

  return (
    <section aria-labelledby="quantity-first-heading" className={reserveStyles.panel}>
      <h2 id="quantity-first-heading" className={reserveStyles.sectionHeading}>
        {t('reserve.quantity_first.heading')}
      </h2>
      {constraints.visitWindow && <VisitWindowNote window={constraints.visitWindow} />}
      <form
        noValidate
        className={styles.form}
        onSubmit={(formEvent) => {
          formEvent.preventDefault();
          submission.submit();
        }}
      >
        {queryMessage && (
          <p role="alert" className={reserveStyles.alert}>
            {td(queryMessage)}
          </p>
        )}
        <QuantityStep
          memberCap={memberCap}
          groups={groups}
          isOpen={state.quantitiesOpen}
          quantities={state.quantities}
          onQuantities={(quantities) => {
            find.clear();
            dispatch({ type: 'set_quantities', quantities });
          }}
          onFind={find.onFind}
          onReopen={() => dispatch({ type: 'reopen_quantities' })}
          issues={find.issues.size > 0 ? find.issues : submission.issues}
          message={submission.mustFind ? t('reserve.quantity_first.click_find') : find.message}
          notes={quantityMessagesOf(rules, groups, state.quantities, chosenSession, timezone)}
          timezone={timezone}
          anchorMatch={constraints.anchorMatch}
        />
        {!state.quantitiesOpen && (
          <DateStep
            days={data.dates.data && daysInWindow(data.dates.data, constraints.visitWindow)}
            isLoading={data.dates.isPending}
            failure={data.dates.error ? calendarFailure(data.dates.error) : null}
            value={state.date}
            onSelect={(date) => dispatch({ type: 'select_date', date })}
            timezone={data.timezone}
            issues={submission.issues}
          />
        )}
        {!state.quantitiesOpen && <RuleMessages messages={dateMessages(rules, state.date)} />}
        {!state.quantitiesOpen &&
          state.date !== null &&
          (data.sessions.isPending ? (
            <Loader label={t('reserve.quantity_first.loading_sessions')} />
          ) : (
            <SessionPicker
              key={state.date}
              sessions={sessionPrices.sessions}
              value={state.sessionId}
              onSelect={(sessionId) => dispatch({ type: 'select_session', sessionId })}
              timezone={data.timezone}
              tabSpecs={tabSpecs}
              showPrices
              issues={submission.issues}
              annotationsOf={(session) =>
                sessionMessages(rules, 'session_annotation', session, timezone)
              }
              priceLabelOf={sessionPrices.priceLabelOf}
              priceNote={sessionPrices.priceNote}
            />
          ))}
        {chosenSession && (
          <RuleMessages
            messages={sessionMessages(rules, 'session_message', chosenSession, timezone)}
          />
        )}
        {state.sessionId !== null && data.sessionDetail.isPending && (
          <Loader label={t('reserve.quantity_first.loading_details')} />
        )}
        {(data.details?.error || (state.sessionId !== null && data.sessionDetail.isError)) && (
          <p role="alert" className={reserveStyles.alert}>
            {td('reserve.init_error')}
          </p>
        )}
        {details && (
          <DetailsStep
            groups={details}
            quantities={state.quantities}
            admits={state.admits}
            survey={state.survey}
            onAdmits={(admits) => dispatch({ type: 'set_admits', admits })}
            onSurvey={(groupId, values) => dispatch({ type: 'set_survey', groupId, values })}
            issues={submission.issues}
          />
        )}
        {details && submission.seatedSession && state.sessionId !== null && (
          <SessionSeatSelector
            SeatSelector={SeatSelector}
            eventId={eventId}
            sessionId={state.sessionId}
            groups={details}
            quantities={state.quantities}
            controlId={QUANTITY_FIRST_FIND_SEATS_ID}
            priceDisplay={sessionPrices.priceDisplay}
            seats={submission.seats}
          />
        )}
        <CitypassVoucherFields citypass={citypass} issues={submission.issues} />
        <ReserveErrorSlot submission={submission} />
        {message && (
          <p role="alert" className={reserveStyles.alert}>
            {reserveMessageText(message, tr)}
          </p>
        )}
        {/* busy, it stays focusable: a disabled button would drop focus to <body> (issue #25) */}
        <Button
          type="submit"
          fullWidth
          disabled={loading}
          aria-disabled={submission.isSubmitting || undefined}
        >
          {submission.isSubmitting ? tr('reserve.submitting') : tr('reserve.submit')}
        </Button>
      </form>
    </section>
  );
}
