import type { AdmitInputs } from '@/features/reserve/model/admit-validation';
import type { Quantities } from '@/features/reserve/model/stepper-rules';
import type { SurveyValues } from '@/features/reserve/model/survey-spec';

/**
 * The date-first page's selection (spec: shopping §4 "Date-first reserve page"). Pure reducer,
 * so each transition rule is a unit test.
 */
export type AdmissionKind = 'single' | 'any';

export interface DateFirstState {
  /** null while the single/any-date choice is shown and not yet made */
  admission: AdmissionKind | null;
  date: string | null;
  sessionId: string | null;
  quantities: Quantities;
  admits: AdmitInputs;
  /** ticket_group_id → answers */
  survey: Readonly<Record<string, SurveyValues>>;
}

export type DateFirstAction =
  | { type: 'choose_admission'; admission: AdmissionKind }
  | { type: 'change_admission' }
  | { type: 'select_date'; date: string }
  | { type: 'select_session'; sessionId: string }
  | { type: 'clear_date' }
  | { type: 'set_quantities'; quantities: Quantities }
  | { type: 'set_admits'; admits: AdmitInputs }
  | { type: 'set_survey'; groupId: string; values: SurveyValues };

const NO_TICKETS = { quantities: {}, admits: {}, survey: {} } as const;

/** Where the page starts: the choice only when the event offers both kinds of admission. */
export function initialDateFirstState(offers: {
  dated: boolean;
  flexible: boolean;
}): DateFirstState {
  const admission: AdmissionKind | null =
    offers.dated && offers.flexible ? null : offers.flexible ? 'any' : 'single';
  return { admission, date: null, sessionId: null, ...NO_TICKETS };
}

export function dateFirstReducer(state: DateFirstState, action: DateFirstAction): DateFirstState {
  switch (action.type) {
    case 'choose_admission':
      // choosing flexible mode clears the date (and with it the session)
      return action.admission === 'any'
        ? { ...state, admission: 'any', date: null, sessionId: null, ...NO_TICKETS }
        : { ...state, admission: 'single' };
    case 'change_admission':
      return { ...state, admission: null, date: null, sessionId: null, ...NO_TICKETS };
    case 'select_date':
      // selecting a date clears session and sessions and turns off flexible mode
      return { ...state, admission: 'single', date: action.date, sessionId: null, ...NO_TICKETS };
    case 'select_session':
      // choosing a session loads its ticket groups and resets quantities
      return { ...state, sessionId: action.sessionId, ...NO_TICKETS };
    case 'clear_date':
      return { ...state, date: null, sessionId: null, ...NO_TICKETS };
    case 'set_quantities':
      return { ...state, quantities: action.quantities };
    case 'set_admits':
      return { ...state, admits: action.admits };
    case 'set_survey':
      return { ...state, survey: { ...state.survey, [action.groupId]: action.values } };
  }
}
