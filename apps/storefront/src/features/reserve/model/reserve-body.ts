import type { CartModifyBody } from '@admit/contracts/cart';
import type { Quantities } from '@/features/reserve/model/stepper-rules';

/** The name and e-mail of one admitted person (shopping §3 "Admit detail"). */
export interface AdmitDetail {
  /** first and last joined by a space; empty when not asked */
  admitName: string;
  admitEmail: string;
}

/** What a reserve form has collected, in the spec's words. */
export interface ReserveSelection {
  /** null for any-date (flexible) types: the wire then omits event_session_id */
  eventSessionId: string | null;
  quantities: Quantities;
  /** ticket_type_id → ticket_group_id, to attach a group's survey answers to its tickets */
  groupOfType: Readonly<Record<string, string>>;
  /** ticket_type_id → one entry per ticket, in order */
  admits?: Readonly<Record<string, readonly AdmitDetail[]>>;
  /** ticket_group_id → answers already cleaned by `cleanSurveyAnswers` */
  surveyAnswers?: Readonly<Record<string, Record<string, unknown>>>;
  /** ticket_type_id → flexible amount ("25.00") */
  faceValues?: Readonly<Record<string, string>>;
  /** spec: shopping §2 — the `code` query parameter, applied before reserving */
  promoCode?: string | null;
  campaign?: string | null;
  /**
   * ticket_type_id → the seats chosen for it, one per ticket in order (decision 0052): each
   * seat travels as its own ticket of quantity 1 with its `seat_template_id`
   */
  seats?: Readonly<Record<string, readonly string[]>>;
}

function hasDetails(selection: ReserveSelection, typeId: string): boolean {
  const admits = selection.admits?.[typeId] ?? [];
  const groupId = selection.groupOfType[typeId];
  const answers = groupId ? selection.surveyAnswers?.[groupId] : undefined;
  return (
    admits.some((a) => a.admitName !== '' || a.admitEmail !== '') ||
    (answers !== undefined && Object.keys(answers).length > 0) ||
    selection.faceValues?.[typeId] !== undefined
  );
}

/**
 * Selection → the cart modify body (issue "Wire shapes"): plain quantities go in `add`; as soon
 * as any ticket carries a name, e-mail, survey answers or a face value every ticket is listed
 * one by one in `reserve.tickets`, since `add` has nowhere to put them.
 */
export function toReserveBody(selection: ReserveSelection): CartModifyBody {
  const chosen = Object.entries(selection.quantities).filter(([, quantity]) => quantity > 0);
  const body: CartModifyBody = {};
  if (selection.campaign) body.campaign = selection.campaign;
  const code = selection.promoCode?.trim();
  if (code) body.preReservePromoCodes = [code];
  const sessionPart = selection.eventSessionId
    ? { event_session_id: selection.eventSessionId }
    : {};
  if (!chosen.some(([typeId]) => hasDetails(selection, typeId))) {
    if (chosen.length > 0) {
      body.add = [
        {
          ...sessionPart,
          ticket_types_required: chosen.flatMap(([ticket_type_id, quantity]) => {
            const seats = selection.seats?.[ticket_type_id] ?? [];
            if (seats.length === 0) return [{ ticket_type_id, quantity }];
            return seats.map((seat_template_id) => ({
              ticket_type_id,
              quantity: 1,
              seat_template_id,
            }));
          }),
        },
      ];
    }
    return body;
  }
  const tickets = chosen.flatMap(([typeId, quantity]) => {
    const groupId = selection.groupOfType[typeId];
    const answers = groupId ? selection.surveyAnswers?.[groupId] : undefined;
    const faceValue = selection.faceValues?.[typeId];
    return Array.from({ length: quantity }, (_, index) => {
      const admit = selection.admits?.[typeId]?.[index];
      const seat = selection.seats?.[typeId]?.[index];
      return {
        ticket_type_id: typeId,
        ...(seat !== undefined ? { seat_template_id: seat } : {}),
        ...sessionPart,
        ...(faceValue !== undefined ? { face_value: faceValue } : {}),
        ...(admit?.admitName ? { admit_name: admit.admitName } : {}),
        ...(admit?.admitEmail ? { admit_email: admit.admitEmail } : {}),
        ...(answers && Object.keys(answers).length > 0 ? { additional_info: answers } : {}),
      };
    });
  });
  body.reserve = { tickets };
  return body;
}
