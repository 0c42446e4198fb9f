import { useMemo, useState } from 'react';
import { reserveMessageText } from '@/features/reserve/use-submit-reservation';
import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { priceDisplayOf, type EventDetail } from '@/api/events/event-detail';
import { offeredSessions } from '@/features/reserve/model/session-constraints';
import { useSessionConstraints } from '@/features/reserve/use-session-constraints';
import { Button } from '@/ui/button';
import { useSellerConfig } from '@/config/seller-config';
import { useTypesPriceLine } from '@/config/use-shown-price';
import { Loader } from '@/ui/loader';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import { useStrings } from '@/ui/text/use-strings';
import { TicketSections } from '@/features/reserve/components/ticket-sections';
import { useMemberCap } from '@/features/reserve/use-member-cap';
import type { GroupFilter } from '@/features/reserve/model/reserve-groups';
import { groupMetaOf, sessionGroupsOf } from '@/features/reserve/model/reserve-groups';
import { parseReserveQuery } from '@/features/reserve/model/reserve-query';
import type { GroupDetails, TicketAnswers } from '@/features/reserve/model/ticket-details';
import {
  toGroupDetails,
  toTicketsBody,
  validateTicketAnswers,
} from '@/features/reserve/model/ticket-details';
import { formatLongDate } from '@admit/contracts/session-time';
import { venueDate } from '@/features/reserve/model/venue-time';
import { formatSessionTime } from '@admit/contracts/session-time';
import { ReserveErrorSlot } from '@/features/reserve/components/reserve-error-slot';
import { RuleMessages } from '@/features/reserve/components/rule-messages';
import {
  dateMessages,
  eventMessageRules,
  quantityMessagesOf,
  sessionMessages,
} from '@/features/reserve/model/event-messages';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import { VisitWindowNote } from '@/features/reserve/components/visit-window-note';
import { useSubmitReservation } from '@/features/reserve/use-submit-reservation';
import { sessionDetailQueryOptions } from '@/features/reserve/api/get-session-detail';
import { firstSessionQueryOptions } from '@/features/reserve/flows/single-event/get-first-session';
import { hasSeatedGroups, isDiscountCodePurchase } from '@/features/reserve/model/seated-groups';
import type { SeatSelectorSlotProps } from '@/features/reserve/seat-selector-slot';
import { useSeatSlot } from '@/features/reserve/use-seat-slot';
import { SINGLE_EVENT_STRINGS } from '@/features/reserve/flows/single-event/single-event-strings';
import { eventNextRoute } from '@/features/reserve/model/event-ecommerce';
import { useReserveCitypass } from '@/features/reserve/use-reserve-citypass';
import { CitypassVoucherFields } from '@/features/reserve/components/citypass-voucher-fields';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/single-event/single-event.module.css';

const NO_ANSWERS: TicketAnswers = { quantities: {}, admits: {}, survey: {} };

function useSingleEventData(event: EventDetail, filter: GroupFilter) {
  const eventId = event.template.id;
  const session = useQuery(firstSessionQueryOptions(eventId));
  const sessionId = session.data?.id ?? null;
  const detail = useQuery({
    ...sessionDetailQueryOptions(eventId, sessionId ?? ''),
    enabled: sessionId !== null,
  });
  const groups = useMemo<GroupDetails[] | 'error' | null>(() => {
    const body = detail.data;
    if (!body) return null;
    try {
      return toGroupDetails(
        sessionGroupsOf(body, filter),
        (id) => groupMetaOf(body.meta?._data, id),
        event,
      );
    } catch {
      return 'error';
    }
  }, [detail.data, filter, event]);
  const isPending = session.isPending || (sessionId !== null && detail.isPending);
  const isError = session.isError || detail.isError || groups === 'error';
  return {
    session: session.data ?? null,
    groups: Array.isArray(groups) ? groups : null,
    isPending,
    isError,
  };
}

const FIND_SEATS_ID = 'reserve-find-seats';

export interface SingleEventReserveProps {
  event: EventDetail;
  /** the seat selector for seated groups (features/seats, plugged in by the app shell) */
  SeatSelector: ComponentType<SeatSelectorSlotProps>;
}

/**
 * The single-event reserve form (spec: shopping §2 item 6, §4 "Single-event flow"): the event's
 * one session, quantities per group, admit and survey fields, and the seat selector for
 * seated groups (seat map open or closed).
 */
export function SingleEventReserve({ event, SeatSelector }: SingleEventReserveProps) {
  const t = useStrings(SINGLE_EVENT_STRINGS);
  const tr = useStrings(RESERVE_STRINGS);
  const { locale } = useSellerConfig();
  // spec: shopping §6 — a current membership, not a login, opens members-only groups
  const { isMember } = useMemberStatus();
  const [search] = useSearchParams();
  const query = useMemo(() => parseReserveQuery(search), [search]);
  const filter = useMemo<GroupFilter>(
    () => ({ isMember, ticketGroupIds: query.ticketGroupIds }),
    [isMember, query.ticketGroupIds],
  );
  const data = useSingleEventData(event, filter);
  const constraints = useSessionConstraints(event);
  const [answers, setAnswers] = useState<TicketAnswers>(NO_ANSWERS);
  const submission = useSubmitReservation();
  const citypass = useReserveCitypass(event, data.groups, answers.quantities);
  const seats = useSeatSlot(submission, data.session?.id ?? null);
  const memberCap = useMemberCap(event, data.groups, data.session?.id ?? null);
  const timezone = event.venue?.timezone ?? 'UTC';
  const rules = useMemo(() => eventMessageRules(event), [event]);
  const priceDisplay = useMemo(() => priceDisplayOf(event), [event]);
  const typesPriceLine = useTypesPriceLine('tickets');

  if (data.isPending) return <Loader label={t('reserve.single_event.loading')} />;
  if (data.isError)
    return (
      <p role="alert" className={reserveStyles.alert}>
        {tr('reserve.error_generic')}
      </p>
    );
  const { groups } = data;
  // spec: shopping §5 "Session conflicts", §4 "Anchor cart": the one session may be hidden too
  const session = data.session && (offeredSessions([data.session], constraints)[0] ?? null);
  if (!session || !groups || groups.length === 0) {
    return (
      <>
        {constraints.visitWindow && <VisitWindowNote window={constraints.visitWindow} />}
        <p className={reserveStyles.muted}>{t('reserve.single_event.unavailable')}</p>
      </>
    );
  }

  const submit = () => {
    if (seats.stopsSubmit(hasSeatedGroups(groups), FIND_SEATS_ID)) return;
    const seated = seats.report.tickets;
    void submission.submit({
      validate: () => validateTicketAnswers(groups, answers),
      buildBody: () =>
        toTicketsBody(groups, answers, {
          eventSessionId: session.id,
          promoCode: query.code,
          seats: seated,
        }),
      onInlineFailure: seats.onInlineFailure,
      nextRoute: eventNextRoute(event),
      citypass,
    });
  };
  const message = submission.message;
  // decision 0075: the event's `web.price_display`, each type at the session's price (as shown)
  const priceLine = typesPriceLine(
    priceDisplay,
    groups.flatMap((group) => group.ticketTypes),
  );
  const discountCodes = isDiscountCodePurchase(groups);

  return (
    <section aria-labelledby="single-event-heading" className={reserveStyles.panel}>
      <h2 id="single-event-heading" className={reserveStyles.sectionHeading}>
        {t(discountCodes ? 'reserve.single_event.discount_code' : 'reserve.single_event.heading')}
      </h2>
      <form
        noValidate
        className={styles.form}
        onSubmit={(formEvent) => {
          formEvent.preventDefault();
          submit();
        }}
      >
        {constraints.visitWindow && <VisitWindowNote window={constraints.visitWindow} />}
        {discountCodes && (
          <p className={reserveStyles.muted}>{t('reserve.single_event.discount_code_hint')}</p>
        )}
        <p className={reserveStyles.muted}>
          {t('reserve.single_event.when', {
            date: formatLongDate(venueDate(session.start_datetime, timezone), locale),
            time: formatSessionTime(session.start_datetime, timezone, locale),
          })}
          {sessionMessages(rules, 'session_annotation', session, timezone).map((annotation) => (
            <span key={annotation} className={reserveStyles.annotation}>
              {' '}
              {annotation}
            </span>
          ))}
        </p>
        {priceLine && <p className={reserveStyles.priceLine}>{priceLine}</p>}
        {priceLine && priceDisplay.message && (
          <p className={reserveStyles.muted}>{priceDisplay.message}</p>
        )}
        {/* spec: shopping §3 "Message rules" — the one session is both the date and the time */}
        <RuleMessages
          messages={[
            ...dateMessages(rules, venueDate(session.start_datetime, timezone)),
            ...sessionMessages(rules, 'session_message', session, timezone),
          ]}
        />
        <TicketSections
          memberCap={memberCap}
          groups={groups}
          sessionAvailableCapacity={session.availableCapacity}
          answers={answers}
          onQuantities={(quantities) => {
            seats.setShowIssue(false);
            setAnswers((current) => ({ ...current, quantities }));
          }}
          onAdmits={(admits) => setAnswers((current) => ({ ...current, admits }))}
          onSurvey={(groupId, values) =>
            setAnswers((current) => ({
              ...current,
              survey: { ...current.survey, [groupId]: values },
            }))
          }
          issues={submission.issues}
          notes={quantityMessagesOf(rules, groups, answers.quantities, session, timezone)}
          timezone={timezone}
          anchorMatch={constraints.anchorMatch}
        />
        {hasSeatedGroups(groups) && (
          <SeatSelector
            eventId={event.template.id}
            sessionId={session.id}
            groups={groups}
            quantities={answers.quantities}
            controlId={FIND_SEATS_ID}
            showIssue={seats.showIssue}
            onReport={seats.setReport}
            onLoadError={seats.onLoadError}
            taken={seats.taken}
            priceDisplay={priceDisplay}
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
        <Button type="submit" fullWidth aria-disabled={submission.isSubmitting || undefined}>
          {submission.isSubmitting ? tr('reserve.submitting') : tr('reserve.submit')}
        </Button>
      </form>
    </section>
  );
}
