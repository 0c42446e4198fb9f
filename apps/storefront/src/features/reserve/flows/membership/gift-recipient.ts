import { GIFT_MESSAGE_MAX } from '@admit/contracts/constants';
import type { GifteeBody } from '@admit/contracts/gift';
import { isEmail } from '@/features/reserve/model/admit-settings';
import { fieldId } from '@/features/reserve/model/form-issues';
import type {
  MemberSlots,
  MembershipFormState,
  MembershipIssue,
} from '@/features/reserve/flows/membership/membership-model';
import {
  countChoiceOf,
  memberFieldId,
  showsNames,
} from '@/features/reserve/flows/membership/membership-model';

/**
 * The gift recipient form (spec: shopping §5): first name, last name, e-mail and a message —
 * no password, confirmation or newsletter fields. The giftee payload is first_name, last_name,
 * email, additional_info (the message too); the message also goes on the cart as `gift_message`,
 * which is what the recipient's mail carries (decision 0038).
 */
export interface GiftRecipient {
  first: string;
  last: string;
  email: string;
  message: string;
}

export const EMPTY_RECIPIENT: GiftRecipient = { first: '', last: '', email: '', message: '' };

export const recipientFieldId = (part: keyof GiftRecipient) => fieldId('gift', part);
export const SELF_GIFT_ID = fieldId('gift', 'self');

/** spec: shopping §5 — "Gifting to yourself (same email as the logged-in user)". */
export function isSelfGift(recipient: GiftRecipient, ownEmail: string | null): boolean {
  const email = recipient.email.trim().toLowerCase();
  return ownEmail !== null && email !== '' && email === ownEmail.trim().toLowerCase();
}

export function validateRecipient(
  recipient: GiftRecipient,
  ownEmail: string | null,
): MembershipIssue[] {
  const issues: MembershipIssue[] = [];
  for (const part of ['first', 'last'] as const) {
    if (recipient[part].trim() === '') {
      issues.push({ fieldId: recipientFieldId(part), messageKey: 'reserve.input_empty' });
    }
  }
  const email = recipient.email.trim();
  if (email === '') {
    issues.push({ fieldId: recipientFieldId('email'), messageKey: 'reserve.input_empty' });
  } else if (!isEmail(email)) {
    issues.push({ fieldId: recipientFieldId('email'), messageKey: 'reserve.invalid_email' });
  } else if (isSelfGift(recipient, ownEmail)) {
    issues.push({ fieldId: SELF_GIFT_ID, messageKey: 'reserve.membership.self_gift' });
  }
  return issues;
}

export function toGifteeBody(recipient: GiftRecipient): GifteeBody {
  const message = recipient.message.trim().slice(0, GIFT_MESSAGE_MAX);
  return {
    first_name: recipient.first.trim(),
    last_name: recipient.last.trim(),
    email: recipient.email.trim(),
    ...(message ? { additional_info: { message } } : {}),
  };
}

/**
 * The member a gift's recipient is (the recipient is asked for once, issue #25): the first member
 * of the level's first rule that takes names and always has a member. Null when no rule does —
 * then the members are asked for as for any purchase.
 */
export function recipientRoleOf(slotsList: readonly MemberSlots[]): string | null {
  const slots = slotsList.find((s) => showsNames(s.rule) && s.min >= 1);
  return slots ? slots.rule.party_role : null;
}

/** The form's members with the recipient as the first member of `role` (what is reserved). */
export function withRecipientMember(
  state: MembershipFormState,
  role: string,
  recipient: GiftRecipient,
): MembershipFormState {
  const list = [...(state.members[role] ?? [])];
  list[0] = { first: recipient.first, last: recipient.last, email: recipient.email };
  return { ...state, members: { ...state.members, [role]: list } };
}

/** The recipient's member has no fields of its own: its issues are the recipient fields'. */
export function withoutRecipientMemberIssues(
  issues: readonly MembershipIssue[],
  role: string,
): MembershipIssue[] {
  const hidden = new Set(
    (['first', 'last', 'email'] as const).map((p) => memberFieldId(role, 0, p)),
  );
  return issues.filter((issue) => !hidden.has(issue.fieldId));
}

/** Whether a level asks anything of its members beyond the recipient (else no members section). */
export function asksMoreMembers(slotsList: readonly MemberSlots[], role: string | null): boolean {
  return slotsList.some((slots) => {
    if (countChoiceOf(slots) !== 'fixed') return true;
    if (!showsNames(slots.rule)) return false;
    return slots.rule.party_role === role ? slots.min > 1 : slots.min > 0;
  });
}
