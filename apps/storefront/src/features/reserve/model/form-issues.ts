import type { ReserveStringKey } from '@/features/reserve/strings';

/**
 * One invalid form field: the DOM id of the control to focus and the message shown beside it.
 * Validators list issues in the order the fields appear on the page, so the first issue is the
 * first invalid field (spec: shopping §5 "the first invalid field is scrolled into view").
 */
export interface FieldIssue {
  fieldId: string;
  messageKey: ReserveStringKey;
}

export type IssueMap = ReadonlyMap<string, ReserveStringKey>;

export function toIssueMap(issues: readonly FieldIssue[]): IssueMap {
  const map = new Map<string, ReserveStringKey>();
  for (const issue of issues) if (!map.has(issue.fieldId)) map.set(issue.fieldId, issue.messageKey);
  return map;
}

/** Where "Please select at least one ticket to continue." shows and focus goes (shopping §5). */
export const QUANTITIES_FIELD_ID = 'reserve-quantities';

/** A stable DOM id from parts (ticket type ids are UUIDs, safe in ids). */
export function fieldId(...parts: (string | number)[]): string {
  return ['reserve', ...parts].join('-');
}
