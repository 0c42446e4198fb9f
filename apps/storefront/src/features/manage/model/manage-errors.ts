import { CANCEL_ORDER_MESSAGES } from '@admit/contracts/manage';
import { ApiError } from '@/api/client';
import type { ManageStringKey } from '@/features/manage/strings';

/**
 * spec: identity §8 "Manage: expected errors" — tickets_too_old, ticket_not_found,
 * event_session_sold_out, ticket_state_incorrect and cart_expired "give a restart message with a
 * link to manage the order". A group sold out under a moved ticket is the same refusal.
 */
const RESTART_CODES = new Set([
  'tickets_too_old',
  'ticket_not_found',
  'event_session_sold_out',
  'ticket_group_sold_out',
  'ticket_state_incorrect',
  'cart_expired',
]);

/** What a failed manage call shows. */
export type ManageFailure = { kind: 'restart' } | { kind: 'message'; key: ManageStringKey };

/** The §8 cancel-order texts, by the server's description (its one home is the contract). */
const TEXTS: [string, ManageStringKey][] = [
  [CANCEL_ORDER_MESSAGES.contactToCancel, 'manage.contact-to-cancel'],
  [CANCEL_ORDER_MESSAGES.contactToReschedule, 'manage.contact-to-reschedule'],
  [CANCEL_ORDER_MESSAGES.noValidTickets, 'manage.no-valid-tickets'],
];

/**
 * A manage call's refusal in the page's words: the restart message for §8's expected errors and
 * for an edit that is gone (404 in context order_edit: discarded, expired, or committed in another
 * tab); 'Please log-out to edit your tickets' for a logged-in caller (§6); the cancel-order texts;
 * 'We could not find that order.' for the order read's 404; else the general failure.
 */
export function manageFailureOf(error: unknown): ManageFailure {
  if (!(error instanceof ApiError)) return { kind: 'message', key: 'manage.error' };
  if (RESTART_CODES.has(error.code)) return { kind: 'restart' };
  if (error.status === 404 && error.context === 'order_edit') return { kind: 'restart' };
  if (error.status === 404) return { kind: 'message', key: 'manage.not-found' };
  if (error.status === 403 && error.extra?.reason === 'logged_in') {
    return { kind: 'message', key: 'manage.log-out' };
  }
  const text = TEXTS.find(([description]) => description === error.description);
  if (error.status === 403 && text) return { kind: 'message', key: text[1] };
  return { kind: 'message', key: 'manage.error' };
}

/** Whether a refusal is one the manage pages answer themselves (not the checkout's messages). */
export function isManageRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    RESTART_CODES.has(error.code) ||
    (error.status === 404 && error.context === 'order_edit') ||
    error.status === 403
  );
}
