import { isEmailAddress } from '@admit/contracts/rules/email-address';
import type { EventDetail } from '@/api/events/event-detail';

/** spec: shopping §5 — admit_names / admit_emails: disabled, optional or required. */
export type AdmitSetting = 'disabled' | 'optional' | 'required';

function asSetting(value: unknown): AdmitSetting | null {
  return value === 'disabled' || value === 'optional' || value === 'required' ? value : null;
}

/** Group meta wins over event meta ("per group or event meta"); absent means not asked. */
export function admitSetting(
  key: 'admit_names' | 'admit_emails',
  groupMeta: ReadonlyMap<string, unknown> | undefined,
  event: Pick<EventDetail, 'meta'>,
): AdmitSetting {
  return asSetting(groupMeta?.get(key)) ?? asSetting(event.meta.get(key)) ?? 'disabled';
}

/** spec: shopping §3 "Admit detail" — first and last joined by a space. */
export function joinAdmitName(first: string, last: string): string {
  return [first.trim(), last.trim()].filter(Boolean).join(' ');
}

export const isEmail = (text: string) => isEmailAddress(text.trim());
