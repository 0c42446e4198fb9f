import type { CartModifyBody } from '@admit/contracts/cart';
import type { TicketType } from '@admit/contracts/resources';
import type { EventDetail, TicketGroupWithTypes } from '@/api/events/event-detail';
import type { AdmitInputs } from '@/features/reserve/model/admit-validation';
import { toAdmitDetails } from '@/features/reserve/model/admit-validation';
import { toReserveBody } from '@/features/reserve/model/reserve-body';
import type { SurveyValues } from '@/features/reserve/model/survey-spec';
import { cleanSurveyAnswers } from '@/features/reserve/model/survey-spec';
import type { GroupDetails } from '@/features/reserve/model/ticket-details';
import { isFlexiblePrice, toFaceValue } from '@/features/reserve/flows/one-ticket/flexible-price';

/** Gift cards are ledger groups; donations are donation groups (shopping §2 item 4). */
export type OneTicketKind = 'gift_card' | 'donation';

export interface OneTicketOffer {
  kind: OneTicketKind;
  groups: TicketGroupWithTypes[];
  /** the types to choose from, available ones only, in group then type rank order */
  options: TicketType[];
}

/** What the form sells: gift cards when the event has a ledger group, else its donations. */
export function oneTicketOffer(event: EventDetail, isMember: boolean): OneTicketOffer {
  const visible = event.ticketGroups.filter(
    ({ ticketGroup }) => isMember || ticketGroup.hidden_type !== 'public_member_only',
  );
  const ledger = visible.filter(({ ticketGroup }) => ticketGroup.handler === 'ledger');
  const kind: OneTicketKind = ledger.length > 0 ? 'gift_card' : 'donation';
  const groups =
    kind === 'gift_card'
      ? ledger
      : visible.filter(({ ticketGroup }) => ticketGroup.handler === 'donation');
  const options = groups.flatMap(({ ticketGroup, ticketTypes }) =>
    ticketGroup.available && !ticketGroup.sold_out
      ? ticketTypes.filter((type) => type.available)
      : [],
  );
  return { kind, groups, options };
}

/** The preselected type: the `select` query parameter when it names an option, else the only option. */
export function initialTypeId(
  options: readonly TicketType[],
  selectTypeId: string | null,
): string | null {
  if (selectTypeId && options.some((type) => type.id === selectTypeId)) return selectTypeId;
  return options.length === 1 ? options[0]!.id : null;
}

export interface OneTicketAnswers {
  type: TicketType;
  group: GroupDetails;
  amount: string;
  admits: AdmitInputs;
  survey: SurveyValues;
  promoCode: string | null;
}

/**
 * The modify body: one ticket listed in `reserve.tickets` with its face value (the amount chosen
 * for a flexible price, else the type's price), without a session (any-date product).
 */
export function toOneTicketBody(answers: OneTicketAnswers): CartModifyBody {
  const { type, group } = answers;
  const quantities = { [type.id]: 1 };
  const rulesOf = () => group.admitRules;
  return toReserveBody({
    eventSessionId: null,
    quantities,
    groupOfType: { [type.id]: group.ticketGroup.id },
    admits: toAdmitDetails([type.id], quantities, answers.admits, rulesOf),
    surveyAnswers: { [group.ticketGroup.id]: cleanSurveyAnswers(group.questions, answers.survey) },
    faceValues: {
      [type.id]: isFlexiblePrice(type) ? toFaceValue(answers.amount) : type.currency_amount,
    },
    promoCode: answers.promoCode,
  });
}
