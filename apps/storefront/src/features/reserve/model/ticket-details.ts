import type { CartModifyBody } from '@admit/contracts/cart';
import type { EventDetail, TicketGroupWithTypes } from '@/api/events/event-detail';
import { admitSetting } from '@/features/reserve/model/admit-settings';
import type { AdmitInputs, AdmitRules } from '@/features/reserve/model/admit-validation';
import { toAdmitDetails, validateAdmits } from '@/features/reserve/model/admit-validation';
import type { FieldIssue } from '@/features/reserve/model/form-issues';
import { toReserveBody } from '@/features/reserve/model/reserve-body';
import type { Quantities } from '@/features/reserve/model/stepper-rules';
import { totalQuantity } from '@/features/reserve/model/stepper-rules';
import type { SurveyQuestion, SurveyValues } from '@/features/reserve/model/survey-spec';
import { cleanSurveyAnswers, toSurveyQuestions } from '@/features/reserve/model/survey-spec';
import { validateSurvey } from '@/features/reserve/model/survey-validation';
import { QUANTITIES_FIELD_ID } from '@/features/reserve/model/form-issues';

/** A ticket group as a reserve form asks about it: its types, admit rules and survey. */
export interface GroupDetails extends TicketGroupWithTypes {
  admitRules: AdmitRules;
  questions: SurveyQuestion[];
}

/** The survey context of reserve forms (spec: shopping §3 — matched against "web {context}"). */
export const RESERVE_SURVEY_CONTEXT = 'reserve';

/** Joins groups with their meta; throws SurveySpecError for a survey it cannot render. */
export function toGroupDetails(
  groups: readonly TicketGroupWithTypes[],
  metaOf: (groupId: string) => ReadonlyMap<string, unknown>,
  event: Pick<EventDetail, 'meta'>,
): GroupDetails[] {
  return groups.map((group) => {
    const meta = metaOf(group.ticketGroup.id);
    return {
      ...group,
      admitRules: {
        names: admitSetting('admit_names', meta, event),
        emails: admitSetting('admit_emails', meta, event),
      },
      questions: toSurveyQuestions(meta.get('additional_info_spec'), RESERVE_SURVEY_CONTEXT),
    };
  });
}

export interface TicketAnswers {
  quantities: Quantities;
  admits: AdmitInputs;
  /** ticket_group_id → answers */
  survey: Readonly<Record<string, SurveyValues>>;
}

const typeIdsOf = (groups: readonly GroupDetails[]) =>
  groups.flatMap((group) => group.ticketTypes.map((type) => type.id));

function rulesLookup(groups: readonly GroupDetails[]) {
  return (typeId: string): AdmitRules =>
    groups.find((group) => group.ticketTypes.some((type) => type.id === typeId))?.admitRules ?? {
      names: 'disabled',
      emails: 'disabled',
    };
}

const groupHasTickets = (group: GroupDetails, quantities: Quantities) =>
  group.ticketTypes.some((type) => (quantities[type.id] ?? 0) > 0);

/**
 * Issues of the ticket sections in page order (spec: shopping §5): no tickets, then each
 * group's admit fields and survey questions (asked only of groups with tickets chosen).
 */
export function validateTicketAnswers(
  groups: readonly GroupDetails[],
  answers: TicketAnswers,
): FieldIssue[] {
  const ids = typeIdsOf(groups);
  const chosen = Object.fromEntries(ids.map((id) => [id, answers.quantities[id] ?? 0]));
  if (totalQuantity(chosen) === 0) {
    return [{ fieldId: QUANTITIES_FIELD_ID, messageKey: 'reserve.select_tickets' }];
  }
  const rulesOf = rulesLookup(groups);
  return groups.flatMap((group) => [
    ...validateAdmits(
      group.ticketTypes.map((type) => type.id),
      answers.quantities,
      answers.admits,
      rulesOf,
    ),
    ...(groupHasTickets(group, answers.quantities)
      ? validateSurvey(
          group.ticketGroup.id,
          group.questions,
          answers.survey[group.ticketGroup.id] ?? {},
        )
      : []),
  ]);
}

function seatsByType(
  seats: readonly { ticket_type_id: string; seat_template_id: string }[],
): Record<string, string[]> {
  const byType: Record<string, string[]> = {};
  for (const seat of seats) (byType[seat.ticket_type_id] ??= []).push(seat.seat_template_id);
  return byType;
}

/** The modify body of a validated selection (`event_session_id` null for any-date types). */
export function toTicketsBody(
  groups: readonly GroupDetails[],
  answers: TicketAnswers,
  extra: {
    eventSessionId: string | null;
    promoCode: string | null;
    /** seated tickets: each seat with its type (decision 0052) */
    seats?: readonly { ticket_type_id: string; seat_template_id: string }[];
  },
): CartModifyBody {
  const ids = typeIdsOf(groups);
  const quantities = Object.fromEntries(ids.map((id) => [id, answers.quantities[id] ?? 0]));
  const groupOfType = Object.fromEntries(
    groups.flatMap((group) => group.ticketTypes.map((type) => [type.id, group.ticketGroup.id])),
  );
  const surveyAnswers = Object.fromEntries(
    groups
      .filter((group) => groupHasTickets(group, quantities))
      .map((group) => [
        group.ticketGroup.id,
        cleanSurveyAnswers(group.questions, answers.survey[group.ticketGroup.id] ?? {}),
      ]),
  );
  return toReserveBody({
    eventSessionId: extra.eventSessionId,
    quantities,
    groupOfType,
    admits: toAdmitDetails(ids, quantities, answers.admits, rulesLookup(groups)),
    surveyAnswers,
    promoCode: extra.promoCode,
    seats: seatsByType(extra.seats ?? []),
  });
}
