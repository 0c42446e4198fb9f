import type { FieldIssue } from '@/features/reserve/model/form-issues';
import { fieldId } from '@/features/reserve/model/form-issues';
import type { SurveyQuestion, SurveyValues } from '@/features/reserve/model/survey-spec';
import { surveyAnswerProblem } from '@/features/reserve/model/survey-spec';
import type { ReserveStringKey } from '@/features/reserve/strings';

export const surveyFieldId = (groupId: string, key: string) => fieldId('survey', groupId, key);

const MESSAGES: Record<NonNullable<ReturnType<typeof surveyAnswerProblem>>, ReserveStringKey> = {
  empty: 'reserve.input_empty',
  out_of_range: 'reserve.out_of_range',
  not_a_number: 'reserve.not_a_number',
  invalid_email: 'reserve.invalid_email',
};

/** The survey answers of one ticket group, checked question by question in page order. */
export function validateSurvey(
  groupId: string,
  questions: readonly SurveyQuestion[],
  values: SurveyValues,
): FieldIssue[] {
  return questions.flatMap((question) => {
    const problem = surveyAnswerProblem(question, values[question.key]);
    return problem
      ? [{ fieldId: surveyFieldId(groupId, question.key), messageKey: MESSAGES[problem] }]
      : [];
  });
}
