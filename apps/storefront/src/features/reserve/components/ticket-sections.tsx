import type { AdmitInputs } from '@/features/reserve/model/admit-validation';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import type { AnchorMatch } from '@/features/reserve/model/anchor-match';
import type { MemberCap, Quantities } from '@/features/reserve/model/stepper-rules';
import type { SurveyValues } from '@/features/reserve/model/survey-spec';
import type { GroupDetails, TicketAnswers } from '@/features/reserve/model/ticket-details';
import { AdmitFields } from '@/features/reserve/components/admit-fields';
import { SurveyFields } from '@/features/reserve/components/survey-fields';
import { TicketQuantities } from '@/features/reserve/components/ticket-quantities';

export interface TicketSectionsProps {
  groups: readonly GroupDetails[];
  sessionAvailableCapacity: number | null;
  answers: TicketAnswers;
  onQuantities: (quantities: Quantities) => void;
  onAdmits: (admits: AdmitInputs) => void;
  onSurvey: (groupId: string, values: SurveyValues) => void;
  issues: IssueMap;
  exactlyOne?: boolean;
  memberCap?: MemberCap | null;
  /** quantity_message texts met by the chosen quantities (shopping §3 "Message rules") */
  notes?: readonly string[];
  timezone?: string;
  anchorMatch?: AnchorMatch | null;
}

/**
 * The ticket part of a reserve form (spec: shopping §2): quantity steppers, then per ticket
 * group its admit name/e-mail fields and survey questions, once tickets of it are chosen.
 */
export function TicketSections({
  groups,
  sessionAvailableCapacity,
  answers,
  onQuantities,
  onAdmits,
  onSurvey,
  issues,
  exactlyOne,
  memberCap,
  notes,
  timezone,
  anchorMatch,
}: TicketSectionsProps) {
  return (
    <>
      <TicketQuantities
        groups={groups}
        sessionAvailableCapacity={sessionAvailableCapacity}
        quantities={answers.quantities}
        onChange={onQuantities}
        issues={issues}
        exactlyOne={exactlyOne}
        memberCap={memberCap}
        notes={notes}
        timezone={timezone}
        anchorMatch={anchorMatch}
      />
      {groups.map((group) => {
        const hasTickets = group.ticketTypes.some((type) => (answers.quantities[type.id] ?? 0) > 0);
        if (!hasTickets) return null;
        return (
          <div key={group.ticketGroup.id}>
            <AdmitFields
              ticketTypes={group.ticketTypes}
              quantities={answers.quantities}
              rulesOf={() => group.admitRules}
              inputs={answers.admits}
              onChange={onAdmits}
              issues={issues}
            />
            <SurveyFields
              groupId={group.ticketGroup.id}
              heading={group.ticketGroup.name}
              questions={group.questions}
              values={answers.survey[group.ticketGroup.id] ?? {}}
              onChange={(values) => onSurvey(group.ticketGroup.id, values)}
              issues={issues}
            />
          </div>
        );
      })}
    </>
  );
}
