import type { CartModifyBody } from '@admit/contracts/cart';
import { ApiError } from '@/api/client';
import { CITYPASS_REFUSALS, CODE_REFUSALS } from '@/api/cart/code-refusals';

/**
 * How a failed reserve is shown (spec: shopping §8 "Reserve errors"): the sold-out session is
 * the flow's to handle (date-first refreshes its sessions); the expected errors show the API's
 * description inline; any other 4xx error with a description is a dialog that can retry the
 * submit; anything else (code_not_found included, which is rethrown) is the generic message.
 */
export type ReserveFailure =
  | { kind: 'session_sold_out'; description: string }
  | { kind: 'code_prompt'; description: string }
  | { kind: 'inline'; code: string; description: string; extra: Record<string, unknown> | null }
  | { kind: 'dialog'; code: string; description: string }
  | { kind: 'citypass'; description: string }
  | { kind: 'generic' };

/** spec: shopping §8 — "code_not_found is rethrown": never offered as a retry dialog. */
const RETHROWN_RESERVE_ERRORS: ReadonlySet<string> = new Set(['code_not_found']);

/** Expected reserve errors shown inline with the API's description (shopping §8). */
export const INLINE_RESERVE_ERRORS: ReadonlySet<string> = new Set([
  'max_tickets_per_order_exceeded',
  'min_tickets_per_order_not_met',
  'member_limit_exceeded',
  'ticket_group_capacity_exceeded',
  'ticket_group_sold_out',
  'session_capacity_exceeded',
]);

/** The code prompt handles these itself (shopping §8 promo code errors). */
export const CODE_PROMPT_ERRORS = CODE_REFUSALS;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * spec: shopping §8 — "rule_blocks_reserve (context checkout_rules): when block_reason is
 * code_required, the code modal opens with the description and the reserve is retried with the
 * entered code": the description to ask with, or null for any other error. The one home of this
 * rule for every reserve form (the membership form's and the shared submit's).
 */
export function codeRequiredBy(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'rule_blocks_reserve') return null;
  const extra = error.extra ?? {};
  if (extra.block_reason !== 'code_required') return null;
  return text(extra.description) ?? error.description;
}

/** The reserve body sent again with the entered codes, as `preReservePromoCodes` (§7). */
export function withPromoCodes(body: CartModifyBody, codes: readonly string[]): CartModifyBody {
  if (codes.length === 0) return body;
  return { ...body, preReservePromoCodes: [...(body.preReservePromoCodes ?? []), ...codes] };
}

/**
 * spec: shopping §8 — "invalid_citypass and code_exhausted are shown as a CityPASS error":
 * `invalid_citypass` always, `code_exhausted` for an event that takes CityPASS (`citypass`).
 */
export function isCitypassRefusal(error: unknown, citypass: boolean): boolean {
  if (!(error instanceof ApiError) || !CITYPASS_REFUSALS.has(error.code)) return false;
  return error.code === 'invalid_citypass' || citypass;
}

export function toReserveFailure(error: unknown, citypass = false): ReserveFailure {
  if (!(error instanceof ApiError)) return { kind: 'generic' };
  if (isCitypassRefusal(error, citypass)) {
    return { kind: 'citypass', description: error.description };
  }
  const codeRequired = codeRequiredBy(error);
  if (codeRequired !== null) return { kind: 'code_prompt', description: codeRequired };
  if (error.code === 'event_session_sold_out') {
    return { kind: 'session_sold_out', description: error.description };
  }
  if (INLINE_RESERVE_ERRORS.has(error.code) && error.description) {
    return {
      kind: 'inline',
      code: error.code,
      description: error.description,
      extra: error.extra,
    };
  }
  // spec: shopping §8 — API 4xx errors carry the description; 5xx details are never shown
  const isClientError = error.status >= 400 && error.status < 500;
  if (isClientError && error.description && !RETHROWN_RESERVE_ERRORS.has(error.code)) {
    return { kind: 'dialog', code: error.code, description: error.description };
  }
  return { kind: 'generic' };
}
