import type { AdmitInputs } from '@/features/reserve/model/admit-validation';
import type { Quantities } from '@/features/reserve/model/stepper-rules';
import type { SurveyValues } from '@/features/reserve/model/survey-spec';

/**
 * The quantity-first flow (spec: shopping §4 "Quantity-first flow"): quantities open; then
 * closed while dates are fetched; a date selected fetches its sessions; a session selected opens
 * the name and survey details. Changing an earlier step resets the later ones. Pure reducer, so
 * every transition is a unit test.
 */
export type QuantityFirstStep = 'quantities' | 'dates' | 'sessions' | 'details';

export interface QuantityFirstState {
  /** the event the state belongs to: an event change reopens quantities */
  eventId: string;
  quantitiesOpen: boolean;
  quantities: Quantities;
  date: string | null;
  sessionId: string | null;
  admits: AdmitInputs;
  /** ticket_group_id → answers */
  survey: Readonly<Record<string, SurveyValues>>;
}

export type QuantityFirstAction =
  | { type: 'set_quantities'; quantities: Quantities }
  | { type: 'find_tickets' }
  | { type: 'reopen_quantities' }
  | { type: 'select_date'; date: string }
  | { type: 'clear_date' }
  | { type: 'select_session'; sessionId: string }
  | { type: 'clear_session' }
  | { type: 'set_admits'; admits: AdmitInputs }
  | { type: 'set_survey'; groupId: string; values: SurveyValues }
  | { type: 'change_event'; eventId: string };

const NO_DETAILS = { admits: {}, survey: {} } as const;

export function initialQuantityFirstState(
  eventId: string,
  quantities: Quantities = {},
): QuantityFirstState {
  return { eventId, quantitiesOpen: true, quantities, date: null, sessionId: null, ...NO_DETAILS };
}

/** The step the visitor is on: the last one whose input is complete, plus one. */
export function currentStep(state: QuantityFirstState): QuantityFirstStep {
  if (state.quantitiesOpen) return 'quantities';
  if (state.date === null) return 'dates';
  if (state.sessionId === null) return 'sessions';
  return 'details';
}

export function quantityFirstReducer(
  state: QuantityFirstState,
  action: QuantityFirstAction,
): QuantityFirstState {
  switch (action.type) {
    case 'set_quantities':
      // quantities only change while open; anything later was found for the old quantities
      return {
        ...state,
        quantitiesOpen: true,
        quantities: action.quantities,
        date: null,
        sessionId: null,
        ...NO_DETAILS,
      };
    case 'find_tickets':
      return { ...state, quantitiesOpen: false, date: null, sessionId: null, ...NO_DETAILS };
    case 'reopen_quantities':
      return { ...state, quantitiesOpen: true, date: null, sessionId: null, ...NO_DETAILS };
    case 'select_date':
      if (state.quantitiesOpen) return state;
      return { ...state, date: action.date, sessionId: null, ...NO_DETAILS };
    case 'clear_date':
      return { ...state, date: null, sessionId: null, ...NO_DETAILS };
    case 'select_session':
      if (state.quantitiesOpen || state.date === null) return state;
      return { ...state, sessionId: action.sessionId, ...NO_DETAILS };
    case 'clear_session':
      return { ...state, sessionId: null, ...NO_DETAILS };
    case 'set_admits':
      return { ...state, admits: action.admits };
    case 'set_survey':
      return { ...state, survey: { ...state.survey, [action.groupId]: action.values } };
    case 'change_event':
      return action.eventId === state.eventId ? state : initialQuantityFirstState(action.eventId);
  }
}
