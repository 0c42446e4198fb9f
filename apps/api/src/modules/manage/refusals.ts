import { CANCEL_ORDER_MESSAGES } from '@admit/contracts/manage';
import type { TicketRefusal } from '@admit/contracts/rules/self-edit';
import { AppError } from '@/http/app-error';
import { ticketStateIncorrect } from '@/modules/orders/order-change';

/** identity §8 "Manage: expected errors": the codes a refused ticket answers. */

export const ticketNotFound = (ticketId: string) =>
  new AppError('ticket_not_found', 'cart_remove_tickets', 'Ticket not found in this order', {
    ticket_id: ticketId,
  });

/** The error of a rule's refusal; `action` picks the §8 text of a ticket nobody may change. */
export function refusalError(
  refusal: Exclude<TicketRefusal, null>,
  ticketId: string,
  action: 'cancel' | 'reschedule',
): AppError {
  if (refusal === 'ticket_state_incorrect') return ticketStateIncorrect(ticketId);
  if (refusal === 'tickets_too_old') {
    return new AppError(
      'tickets_too_old',
      'ticket_order',
      'This visit is too close to be changed online',
      { ticket_id: ticketId },
    );
  }
  // spec: identity §8 "Cancel order" — the seller's rules do not let the buyer change it
  return new AppError(
    'forbidden',
    'ticket_order',
    action === 'cancel'
      ? CANCEL_ORDER_MESSAGES.contactToCancel
      : CANCEL_ORDER_MESSAGES.contactToReschedule,
    { ticket_id: ticketId },
  );
}
