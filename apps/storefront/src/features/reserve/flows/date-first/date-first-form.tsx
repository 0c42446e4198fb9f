import { useMemo, useReducer } from 'react';
import { reserveMessageText } from '@/features/reserve/use-submit-reservation';
import type { ComponentType } from 'react';
import type { CalendarDay } from '@admit/contracts/availability';
import { useShownPriceMinor } from '@/config/use-shown-price';
import type { EventDetail, TicketGroupWithTypes } from '@/api/events/event-detail';
import type { SessionConstraints } from '@/features/reserve/model/session-constraints';
import { offeredSessions } from '@/features/reserve/model/session-constraints';
import { Button } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { Price } from '@/ui/price';
import { useStrings } from '@/ui/text/use-strings';
import { TicketSections } from '@/features/reserve/components/ticket-sections';
import { RuleMessages } from '@/features/reserve/components/rule-messages';
import {
  dateMessages,
  eventMessageRules,
  quantityMessagesOf,
  sessionMessages,
} from '@/features/reserve/model/event-messages';
import { useMemberCap } from '@/features/reserve/use-member-cap';
import type { GroupFilter } from '@/features/reserve/model/reserve-groups';
import type { ReserveQuery } from '@/features/reserve/model/reserve-query';
import { parseSessionTabs } from '@/features/reserve/model/session-tabs';
import { useSessionPrices } from '@/features/reserve/use-session-prices';
import { totalToPay } from '@/features/reserve/model/total-to-pay';
import { ReserveErrorSlot } from '@/features/reserve/components/reserve-error-slot';
import { SkipAddOnButton } from '@/features/reserve/components/skip-add-on-button';
import { SessionSeatSelector } from '@/features/reserve/components/session-seat-selector';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import type { SeatSelectorSlotProps } from '@/features/reserve/seat-selector-slot';
import {
  ADMISSION_FIELD_ID,
  AdmissionChoice,
} from '@/features/reserve/flows/date-first/admission-choice';
import { DateButtons } from '@/features/reserve/flows/date-first/date-buttons';
import {
  dateFirstReducer,
  initialDateFirstState,
} from '@/features/reserve/flows/date-first/date-first-state';
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import { SessionPicker } from '@/features/reserve/flows/date-first/session-picker';
import { useDateFirstData } from '@/features/reserve/flows/date-first/use-date-first-data';
import {
  DATE_FIRST_FIND_SEATS_ID,
  useDateFirstSubmit,
} from '@/features/reserve/flows/date-first/use-date-first-submit';
import { useQueryPreselect } from '@/features/reserve/flows/date-first/use-query-preselect';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/date-first/date-first.module.css';
import { eventNextRoute, hidesSoldOutSessions } from '@/features/reserve/model/event-ecommerce';
import { useReserveCitypass } from '@/features/reserve/use-reserve-citypass';
import { CitypassVoucherFields } from '@/features/reserve/components/citypass-voucher-fields';

export interface DateFirstFormProps {
  event: EventDetail;
  days: ReadonlyMap<string, CalendarDay>;
  /** bookable dates in order; empty when only any-date admission is sold */
  selectable: readonly string[];
  flexibleGroups: readonly TicketGroupWithTypes[];
  timezone: string;
  filter: GroupFilter;
  query: ReserveQuery;
  /** what the cart allows: no clashing sessions, an add-on's visit window */
  constraints: SessionConstraints;
  /** where "skip add-on" leads; null when this event is not an add-on offered now */
  skipAddOnTo: string | null;
  /** the seat selector, drawn once a seated session is chosen (shopping §2 "seat selection") */
  SeatSelector: ComponentType<SeatSelectorSlotProps>;
}

/** The date-first page once its calendar is known (spec: shopping §2, §4 "ready"). */
export function DateFirstForm({
  event,
  days,
  selectable,
  flexibleGroups,
  timezone,
  filter,
  query,
  constraints,
  skipAddOnTo,
  SeatSelector,
}: DateFirstFormProps) {
  const t = useStrings(DATE_FIRST_STRINGS);
  const tr = useStrings(RESERVE_STRINGS);
  const shownMinor = useShownPriceMinor();
  const [state, dispatch] = useReducer(
    dateFirstReducer,
    { dated: selectable.length > 0, flexible: flexibleGroups.length > 0 },
    initialDateFirstState,
  );
  const data = useDateFirstData({ event, state, filter, flexibleGroups });
  const groups = data.groupDetails && !data.groupDetails.error ? data.groupDetails.groups : null;
  const memberCap = useMemberCap(
    event,
    groups,
    state.admission === 'single' ? state.sessionId : null,
  );
  const citypass = useReserveCitypass(event, groups, state.quantities);
  const submission = useDateFirstSubmit({
    state,
    dispatch,
    groups,
    sessionsParams: data.sessionsParams,
    chosenSession: data.chosenSession,
    timezone,
    promoCode: query.code,
    eventId: event.template.id,
    nextRoute: eventNextRoute(event),
    citypass,
  });
  // spec: shopping §5 "Session conflicts", §4 "Anchor cart"
  const offered = useMemo(
    () =>
      data.sessions.data
        ? offeredSessions(data.sessions.data.event_session._data, constraints)
        : undefined,
    [data.sessions.data, constraints],
  );
  const queryMessage = useQueryPreselect({
    query,
    state,
    dispatch,
    data,
    groups,
    selectable,
    offered,
    timezone,
    submit: submission.submit,
  });
  const tabSpecs = useMemo(
    () => parseSessionTabs(event.config.get('web.ecommerce')),
    [event.config],
  );
  const hideSoldOut = hidesSoldOutSessions(event);
  const { sessions, priceLabelOf, priceNote, priceDisplay } = useSessionPrices(
    event,
    (offered ?? []).filter((s) => !hideSoldOut || !s.sold_out),
    data.sessions.data?.price_schedule?._data,
    event.ticketGroups.flatMap((group) => group.ticketTypes),
  );
  const message = submission.message;
  // spec: shopping §3 "Message rules" — each action where the visitor makes that choice
  const rules = useMemo(() => eventMessageRules(event), [event]);
  const single = state.admission === 'single';
  const chosenSession = single ? (data.chosenSession ?? null) : null;

  return (
    <form
      noValidate
      className={reserveStyles.form}
      onSubmit={(formEvent) => {
        formEvent.preventDefault();
        void submission.submit();
      }}
    >
      {queryMessage && (
        <p role="alert" className={reserveStyles.alert}>
          {t(queryMessage)}
        </p>
      )}
      {selectable.length > 0 && flexibleGroups.length > 0 && (
        <AdmissionChoice
          admission={state.admission}
          onChoose={(admission) => {
            // spec: shopping §8 — the message answers a missing choice; choosing answers it
            submission.clearIssue(ADMISSION_FIELD_ID);
            dispatch({ type: 'choose_admission', admission });
          }}
          onChange={() => dispatch({ type: 'change_admission' })}
          issues={submission.issues}
        />
      )}
      {state.admission === 'single' && (
        <DateButtons
          days={days}
          selectable={selectable}
          value={state.date}
          onSelect={(date) => dispatch({ type: 'select_date', date })}
          timezone={timezone}
          issues={submission.issues}
        />
      )}
      {single && <RuleMessages messages={dateMessages(rules, state.date)} />}
      {state.admission === 'single' &&
        state.date !== null &&
        (data.sessions.isPending ? (
          <Loader label={t('reserve.loading_sessions')} />
        ) : (
          <SessionPicker
            key={state.date}
            sessions={sessions}
            value={state.sessionId}
            onSelect={(sessionId) => dispatch({ type: 'select_session', sessionId })}
            timezone={timezone}
            tabSpecs={tabSpecs}
            showPrices
            issues={submission.issues}
            annotationsOf={(session) =>
              sessionMessages(rules, 'session_annotation', session, timezone)
            }
            priceLabelOf={priceLabelOf}
            priceNote={priceNote}
          />
        ))}
      {chosenSession && (
        <RuleMessages
          messages={sessionMessages(rules, 'session_message', chosenSession, timezone)}
        />
      )}
      {state.admission === 'single' && state.sessionId !== null && data.sessionDetail.isPending && (
        <Loader label={t('reserve.loading_tickets')} />
      )}
      {(data.groupDetails?.error || data.sessionDetail.isError) && (
        <p role="alert" className={reserveStyles.alert}>
          {t('reserve.init_error')}
        </p>
      )}
      {groups && (
        <TicketSections
          memberCap={memberCap}
          groups={groups}
          sessionAvailableCapacity={
            state.admission === 'single' ? (data.chosenSession?.availableCapacity ?? null) : null
          }
          answers={state}
          onQuantities={(quantities) => {
            submission.seats.setShowIssue(false);
            dispatch({ type: 'set_quantities', quantities });
          }}
          onAdmits={(admits) => dispatch({ type: 'set_admits', admits })}
          onSurvey={(groupId, values) => dispatch({ type: 'set_survey', groupId, values })}
          issues={submission.issues}
          notes={quantityMessagesOf(rules, groups, state.quantities, chosenSession, timezone)}
          timezone={timezone}
          anchorMatch={constraints.anchorMatch}
        />
      )}
      {groups && submission.seatedSession && state.sessionId !== null && (
        <SessionSeatSelector
          SeatSelector={SeatSelector}
          eventId={event.template.id}
          sessionId={state.sessionId}
          groups={groups}
          quantities={state.quantities}
          controlId={DATE_FIRST_FIND_SEATS_ID}
          priceDisplay={priceDisplay}
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
      <div className={styles.footer} data-testid="reserve-footer">
        <span className={styles.total}>
          {tr('reserve.total')}{' '}
          <Price amount={totalToPay(groups ?? [], state.quantities, shownMinor)} />
        </span>
        <SkipAddOnButton skipTo={skipAddOnTo} quantities={state.quantities} />
        {/* busy, it stays focusable: a disabled button would drop focus to <body> (issue #25) */}
        <Button type="submit" aria-disabled={submission.isSubmitting || undefined}>
          {submission.isSubmitting ? tr('reserve.submitting') : tr('reserve.submit')}
        </Button>
      </div>
    </form>
  );
}
