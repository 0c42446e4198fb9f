import { GIFT_MESSAGE_MAX } from '@admit/contracts/constants';
import type { GifteeBody } from '@admit/contracts/gift';
import { isEmail } from '@/features/reserve/model/admit-settings';
import { fieldId } from '@/features/reserve/model/form-issues';
import type { MembershipIssue } from '@/features/reserve/flows/membership/membership-model';

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
