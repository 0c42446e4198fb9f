import type { AdmitDetail } from '@/features/reserve/model/reserve-body';
import type { AdmitSetting } from '@/features/reserve/model/admit-settings';
import { isEmail, joinAdmitName } from '@/features/reserve/model/admit-settings';
import type { FieldIssue } from '@/features/reserve/model/form-issues';
import { fieldId } from '@/features/reserve/model/form-issues';
import type { Quantities } from '@/features/reserve/model/stepper-rules';

/** What the admit fields hold for one ticket. */
export interface AdmitInput {
  first: string;
  last: string;
  email: string;
}

export interface AdmitRules {
  names: AdmitSetting;
  emails: AdmitSetting;
}

/** ticket_type_id → one input per ticket */
export type AdmitInputs = Readonly<Record<string, readonly AdmitInput[]>>;

export const admitFieldId = (typeId: string, index: number, part: keyof AdmitInput) =>
  fieldId('admit', typeId, index, part);

/** spec: shopping §5 — a required name needs first and last; "Input must not be empty.". */
export function validateAdmits(
  typeIds: readonly string[],
  quantities: Quantities,
  inputs: AdmitInputs,
  rulesOf: (typeId: string) => AdmitRules,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const typeId of typeIds) {
    const rules = rulesOf(typeId);
    for (let index = 0; index < (quantities[typeId] ?? 0); index++) {
      const input = inputs[typeId]?.[index] ?? { first: '', last: '', email: '' };
      if (rules.names === 'required') {
        for (const part of ['first', 'last'] as const) {
          if (input[part].trim() === '') {
            issues.push({
              fieldId: admitFieldId(typeId, index, part),
              messageKey: 'reserve.input_empty',
            });
          }
        }
      }
      if (rules.emails !== 'disabled') {
        const email = input.email.trim();
        if (email === '' && rules.emails === 'required') {
          issues.push({
            fieldId: admitFieldId(typeId, index, 'email'),
            messageKey: 'reserve.input_empty',
          });
        } else if (email !== '' && !isEmail(email)) {
          issues.push({
            fieldId: admitFieldId(typeId, index, 'email'),
            messageKey: 'reserve.invalid_email',
          });
        }
      }
    }
  }
  return issues;
}

/** The admit details the body carries: names and e-mails only where the group asks for them. */
export function toAdmitDetails(
  typeIds: readonly string[],
  quantities: Quantities,
  inputs: AdmitInputs,
  rulesOf: (typeId: string) => AdmitRules,
): Record<string, AdmitDetail[]> {
  const details: Record<string, AdmitDetail[]> = {};
  for (const typeId of typeIds) {
    const rules = rulesOf(typeId);
    details[typeId] = Array.from({ length: quantities[typeId] ?? 0 }, (_, index) => {
      const input = inputs[typeId]?.[index];
      return {
        admitName:
          rules.names === 'disabled' || !input ? '' : joinAdmitName(input.first, input.last),
        admitEmail: rules.emails === 'disabled' || !input ? '' : input.email.trim(),
      };
    });
  }
  return details;
}
