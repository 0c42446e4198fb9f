import { CHECK_IN_REFUSALS } from './seller-api';

/**
 * Every `_code` the API may answer with. The names are the spec's (shopping §8, identity §8);
 * a few foundation codes (`seller_not_found`, `forbidden`, `internal_error`) complete the set.
 */
export const ERROR_CODES = [
  // foundation
  'not_found',
  'seller_not_found',
  'validation_failed',
  'forbidden',
  'missing_app_header',
  'not_authorized',
  'rate_limited',
  'conflict',
  'internal_error',
  // HTTP-level refusals before a route runs (decision 0028): the status's own name
  'request_timeout',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'headers_too_large',
  'service_unavailable',
  // reserve and cart (shopping §8)
  'max_tickets_per_order_exceeded',
  'min_tickets_per_order_not_met',
  'event_session_sold_out',
  'ticket_group_sold_out',
  'ticket_group_capacity_exceeded',
  'session_capacity_exceeded',
  'member_limit_exceeded',
  'cart_expired',
  'scope_error',
  'rule_blocks_reserve',
  // codes (shopping §8)
  'code_exhausted',
  'code_not_found',
  'duplicate_code',
  'no_code_benefit',
  'additional_info_validation_failed',
  'invalid_citypass',
  'citypass_failure',
  // identity and checkout (identity §8)
  'incorrect_password',
  'guest_account',
  'validate_not_email',
  'validate_failed',
  'otp_incorrect',
  'not_available_yet',
  'otp_token_expired',
  'intent_requires_action',
  'intent_processing',
  'card_declined',
  'incorrect_cvc',
  'incorrect_zip',
  'not_configured',
  'tickets_too_old',
  'ticket_not_found',
  'ticket_state_incorrect',
  // check-in at the door (seller API, decision 0042)
  ...CHECK_IN_REFUSALS,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
