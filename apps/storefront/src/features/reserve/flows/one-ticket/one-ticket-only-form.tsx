import { useMemo, useState } from 'react';
import { reserveMessageText } from '@/features/reserve/use-submit-reservation';
import { useSearchParams } from 'react-router';
import { SCROLL_INTO_VIEW_DELAY_MS } from '@admit/contracts/constants';
import type { EventDetail } from '@/api/events/event-detail';
import { useEvent } from '@/api/events/get-event';
import { Button } from '@/ui/button';
import { Price } from '@/ui/price';
import { useShownPrice } from '@/config/use-shown-price';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import { useStrings } from '@/ui/text/use-strings';
import type { AdmitInputs } from '@/features/reserve/model/admit-validation';
import { fieldId } from '@/features/reserve/model/form-issues';
import { groupMetaOf } from '@/features/reserve/model/reserve-groups';
import { parseReserveQuery } from '@/features/reserve/model/reserve-query';
import type { SurveyValues } from '@/features/reserve/model/survey-spec';
import { toGroupDetails, validateTicketAnswers } from '@/features/reserve/model/ticket-details';
import { ReserveErrorSlot } from '@/features/reserve/components/reserve-error-slot';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import { useSubmitReservation } from '@/features/reserve/use-submit-reservation';
import { DetailsStep } from '@/features/reserve/flows/quantity-first/details-step';
import { FlexiblePriceField } from '@/features/reserve/flows/one-ticket/flexible-price-field';
import {
  isFlexiblePrice,
  toFaceValue,
  validateFlexiblePrice,
  type AmountMessage,
} from '@/features/reserve/flows/one-ticket/flexible-price';
import {
  initialTypeId,
  oneTicketOffer,
  toOneTicketBody,
} from '@/features/reserve/flows/one-ticket/one-ticket-model';
import type { OneTicketStringKey } from '@/features/reserve/flows/one-ticket/one-ticket-strings';
import { ONE_TICKET_STRINGS } from '@/features/reserve/flows/one-ticket/one-ticket-strings';
import { TicketTypeChoice } from '@/features/reserve/flows/one-ticket/ticket-type-choice';
import { eventNextRoute } from '@/features/reserve/model/event-ecommerce';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/one-ticket/one-ticket.module.css';

const TYPE_FIELD_ID = fieldId('one-ticket', 'type');
const AMOUNT_FIELD_ID = fieldId('one-ticket', 'amount');

interface LocalIssues {
  type: OneTicketStringKey | null;
  amount: AmountMessage | null;
}

/**
 * The one-ticket-only form for gift cards and donations (spec: shopping §2 item 4, §5): choose
 * one type (radio buttons below 4 options, else a select), an amount for a flexible price,
 * the group's details, and reserve exactly one ticket with its face value.
 */
export function OneTicketOnlyForm({ event }: { event: EventDetail }) {
  const t = useStrings(ONE_TICKET_STRINGS);
  const tr = useStrings(RESERVE_STRINGS);
  const shownPrice = useShownPrice();
  // spec: shopping §6 — a current membership, not a login, opens members-only groups
  const { isMember } = useMemberStatus();
  const [search] = useSearchParams();
  const query = useMemo(() => parseReserveQuery(search), [search]);
  const offer = useMemo(() => oneTicketOffer(event, isMember), [event, isMember]);
  const [typeId, setTypeId] = useState(() => initialTypeId(offer.options, query.selectTypeId));
  // spec: shopping §2 — the `price` query parameter presets the flexible amount
  const [amount, setAmount] = useState(query.price ?? '');
  const [admits, setAdmits] = useState<AdmitInputs>({});
  const [survey, setSurvey] = useState<SurveyValues>({});
  const [local, setLocal] = useState<LocalIssues>({ type: null, amount: null });
  const submission = useSubmitReservation();
  const eventMeta = useEvent(event.template.id).data?.meta?._data;

  const type = offer.options.find((option) => option.id === typeId) ?? null;
  const group = useMemo(() => {
    const owner =
      type && offer.groups.find(({ ticketGroup }) => ticketGroup.id === type.ticket_group_id);
    if (!type || !owner) return null;
    try {
      return toGroupDetails(
        [{ ...owner, ticketTypes: [type] }],
        (id) => groupMetaOf(eventMeta, id),
        event,
      )[0]!;
    } catch {
      return null;
    }
  }, [type, offer.groups, eventMeta, event]);
  const flexible = type !== null && isFlexiblePrice(type);
  const isGiftCard = offer.kind === 'gift_card';

  const submit = () => {
    const issues: LocalIssues = {
      type: type
        ? null
        : isGiftCard
          ? 'reserve.one_ticket.select_gift_card'
          : 'reserve.one_ticket.select_donation',
      amount: type && flexible ? validateFlexiblePrice(amount, type) : null,
    };
    setLocal(issues);
    if (!type || !group || issues.amount) {
      submission.clearIssues();
      // spec: shopping §5 — the first invalid field is scrolled into view and focused
      const first = document.getElementById(issues.type ? TYPE_FIELD_ID : AMOUNT_FIELD_ID);
      setTimeout(() => {
        first?.scrollIntoView({ block: 'center' });
        first?.focus();
      }, SCROLL_INTO_VIEW_DELAY_MS);
      return;
    }
    const answers = {
      quantities: { [type.id]: 1 },
      admits,
      survey: { [group.ticketGroup.id]: survey },
    };
    void submission.submit({
      validate: () => validateTicketAnswers([group], answers),
      buildBody: () =>
        toOneTicketBody({ type, group, amount, admits, survey, promoCode: query.code }),
      nextRoute: eventNextRoute(event),
    });
  };

  if (offer.options.length === 0) {
    return <p className={reserveStyles.muted}>{t('reserve.one_ticket.unavailable')}</p>;
  }
  const message = submission.message;
  const face =
    type &&
    (flexible
      ? validateFlexiblePrice(amount, type)
        ? null
        : toFaceValue(amount)
      : type.currency_amount);
  // decision 0048: with the fees the seller's prices include
  const total = type && face && shownPrice(face, type);

  return (
    <section aria-labelledby="one-ticket-heading" className={reserveStyles.panel}>
      <h2 id="one-ticket-heading" className={reserveStyles.sectionHeading}>
        {t(
          isGiftCard
            ? 'reserve.one_ticket.gift_card_heading'
            : 'reserve.one_ticket.donation_heading',
        )}
      </h2>
      <form
        noValidate
        className={styles.form}
        onSubmit={(formEvent) => {
          formEvent.preventDefault();
          submit();
        }}
      >
        <TicketTypeChoice
          id={TYPE_FIELD_ID}
          legend={t(
            isGiftCard
              ? 'reserve.one_ticket.gift_card_legend'
              : 'reserve.one_ticket.donation_legend',
          )}
          options={offer.options}
          value={typeId}
          onChange={(id) => {
            setTypeId(id);
            setLocal((issues) => ({ ...issues, type: null }));
          }}
          error={local.type && t(local.type)}
        />
        {type && flexible && (
          <FlexiblePriceField
            id={AMOUNT_FIELD_ID}
            type={type}
            value={amount}
            onChange={setAmount}
            error={local.amount}
          />
        )}
        {group && (
          <DetailsStep
            groups={[group]}
            quantities={{ [group.ticketTypes[0]!.id]: 1 }}
            admits={admits}
            survey={{ [group.ticketGroup.id]: survey }}
            onAdmits={setAdmits}
            onSurvey={(_, values) => setSurvey(values)}
            issues={submission.issues}
          />
        )}
        <ReserveErrorSlot submission={submission} />
        {message && (
          <p role="alert" className={reserveStyles.alert}>
            {reserveMessageText(message, tr)}
          </p>
        )}
        {total && (
          <p className={reserveStyles.muted}>
            {tr('reserve.total')} <Price amount={total} />
          </p>
        )}
        <Button type="submit" fullWidth disabled={submission.isSubmitting}>
          {submission.isSubmitting ? tr('reserve.submitting') : tr('reserve.submit')}
        </Button>
      </form>
    </section>
  );
}
