import { ApiError } from '@/api/client';
import { codeRequiredBy } from '@/features/reserve/model/reserve-errors';

/**
 * How a failed membership submission is shown (spec: shopping §8 "Membership submission:
 * validation errors are silent; certain errors prompt for a code and resubmit; code_not_found is
 * rethrown; others show a plain message (excluding rule_blocks_reserve and validate_not_email)").
 * Two validation refusals do say something, since the spec words them elsewhere: the renewal
 * period ("renew from {date}", identity §2) and gifting to oneself (shopping §5).
 */
export type MembershipFailure =
  | { kind: 'silent' }
  | { kind: 'renew_from'; date: string }
  | { kind: 'self_gift' }
  | { kind: 'code_prompt'; description: string }
  | { kind: 'message'; text: string }
  | { kind: 'generic' };

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export function toMembershipFailure(error: unknown): MembershipFailure {
  if (!(error instanceof ApiError)) return { kind: 'generic' };
  const extra = error.extra ?? {};
  const codeRequired = codeRequiredBy(error);
  if (codeRequired !== null) return { kind: 'code_prompt', description: codeRequired };
  if (error.code === 'rule_blocks_reserve') return { kind: 'generic' };
  if (error.code === 'validation_failed') {
    const renewFrom = text(extra.renew_from);
    if (renewFrom) return { kind: 'renew_from', date: renewFrom };
    if (error.context === 'giftee' && extra.field === 'email') return { kind: 'self_gift' };
    return { kind: 'silent' };
  }
  // rethrown (code_not_found) and the excluded codes reach the generic handler's words
  if (error.code === 'code_not_found' || error.code === 'validate_not_email') {
    return { kind: 'generic' };
  }
  const isClientError = error.status >= 400 && error.status < 500;
  return isClientError && error.description
    ? { kind: 'message', text: error.description }
    : { kind: 'generic' };
}
