import type { AdmitInputs } from '@/features/reserve/model/admit-validation';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import type { Quantities } from '@/features/reserve/model/stepper-rules';
import type { SurveyValues } from '@/features/reserve/model/survey-spec';
import type { GroupDetails } from '@/features/reserve/model/ticket-details';
import { AdmitFields } from '@/features/reserve/components/admit-fields';
import { SurveyFields } from '@/features/reserve/components/survey-fields';

export interface DetailsStepProps {
  groups: readonly GroupDetails[];
  quantities: Quantities;
  admits: AdmitInputs;
  survey: Readonly<Record<string, SurveyValues>>;
  onAdmits: (admits: AdmitInputs) => void;
  onSurvey: (groupId: string, values: SurveyValues) => void;
  issues: IssueMap;
}

/** Step 4 (shopping §4 "session selected, which opens name and survey details"). */
export function DetailsStep({
  groups,
  quantities,
  admits,
  survey,
  onAdmits,
  onSurvey,
  issues,
}: DetailsStepProps) {
  return (
    <>
      {groups.map((group) => (
        <div key={group.ticketGroup.id}>
          <AdmitFields
            ticketTypes={group.ticketTypes}
            quantities={quantities}
            rulesOf={() => group.admitRules}
            inputs={admits}
            onChange={onAdmits}
            issues={issues}
          />
          <SurveyFields
            groupId={group.ticketGroup.id}
            heading={group.ticketGroup.name}
            questions={group.questions}
            values={survey[group.ticketGroup.id] ?? {}}
            onChange={(values) => onSurvey(group.ticketGroup.id, values)}
            issues={issues}
          />
        </div>
      ))}
    </>
  );
}
