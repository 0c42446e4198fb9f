import {
  CANCEL_ORDER_MESSAGES,
  LOG_OUT_TO_EDIT_MESSAGE,
  SELECT_ONE_TICKET_MESSAGE,
} from '@admit/contracts/manage';

/**
 * The after-sale pages (identity §2 "Manage order", "Cancel free order", "Global dialogs"; §4
 * "Ticket states", "Manage order", "Reschedule"; §5; §6; §8 manage errors and cancel-order texts).
 * Texts the spec quotes are verbatim (the shared ones come from the contract, their one home);
 * the others are chosen in docs/decisions/0039.
 */
export const MANAGE_STRINGS = {
  'manage.title': 'Manage your order',
  'manage.order': 'Order {number}',
  'manage.loading': 'Loading your order…',
  // spec: identity §8 "Order not found", §6 the logged-in member, §5 and §8 cancel-order texts
  'manage.not-found': 'We could not find that order.',
  'manage.error': 'Oops! Sorry, something went wrong. Please try again.',
  'manage.log-out': LOG_OUT_TO_EDIT_MESSAGE,
  // issue #25: the one-step way from that message to the manage page
  'manage.log-out-and-manage': 'Log out and manage this order',
  'manage.select-one': SELECT_ONE_TICKET_MESSAGE,
  'manage.no-valid-tickets': CANCEL_ORDER_MESSAGES.noValidTickets,
  'manage.contact-to-cancel': CANCEL_ORDER_MESSAGES.contactToCancel,
  'manage.contact-to-reschedule': CANCEL_ORDER_MESSAGES.contactToReschedule,
  // spec: identity §2 "Manage order" labels
  'manage.label.redeemed': 'Redeemed',
  'manage.label.cancelled': 'Cancelled',
  'manage.label.past_event': 'Past Event',
  // a session past the self-edit horizon (identity §5; the spec shows no text)
  'manage.too-close': 'This visit is too close to be changed online.',
  'manage.any-date': 'Any date',
  'manage.ticket': 'Ticket {n}: {type}, {price}',
  'manage.select-all': 'Select all',
  'manage.select-all-label': 'Select all tickets for {event}, {when}',
  'manage.tickets-legend': 'Tickets for {event}, {when}',
  'manage.reschedule': 'Reschedule',
  'manage.reschedule-visit': 'Reschedule {event}, {when}',
  'manage.cancel-selected': 'Cancel selected tickets',
  'manage.cancel-order': 'Cancel order',
  'manage.change.cancel': 'To be cancelled',
  // ours (decision 0092): an add-on that follows the admission (shopping §3 meta)
  'manage.add-on-follows':
    '{event} tickets follow your admission tickets: cancelling admission tickets also cancels the {event} tickets beyond their number.',
  'manage.change.move': 'Moves to {when}, {type}, {price}',
  'manage.change.undo': 'Undo',
  'manage.change.undo-label': 'Undo the change to {ticket}',
  // the confirm modals (identity §2 "a confirm modal appears first")
  'manage.confirm-cancel.title': 'Cancel these tickets?',
  'manage.confirm-cancel.count-one': '1 ticket',
  'manage.confirm-cancel.count': '{count} tickets',
  // the add-on tickets the cancel takes along (decisions 0076, 0098), from the server's dry run
  'manage.confirm-cancel.with-add-ons': '{tickets} and {addOns}',
  'manage.confirm-cancel.add-ons-one': '1 add-on ticket',
  'manage.confirm-cancel.add-ons': '{count} add-on tickets',
  'manage.confirm-cancel.body': '{tickets} will be cancelled when you confirm your changes.',
  'manage.confirm-cancel.now': '{tickets} will be cancelled now. This cannot be undone.',
  'manage.confirm-order.title': 'Cancel your whole order?',
  'manage.confirm-order.body':
    'Every ticket of this order will be cancelled now. This cannot be undone.',
  'manage.confirm.yes': 'Yes, cancel',
  'manage.confirm.no': 'Keep my tickets',
  'manage.close': 'Close',
  'manage.working': 'Saving…',
  // the footer of an open edit (identity §2 "Footer buttons Cancel and Confirm Changes")
  'manage.footer.label': 'Your changes',
  'manage.footer.cancel': 'Cancel',
  'manage.footer.confirm': 'Confirm Changes',
  'manage.footer.to-pay': 'To pay: {amount}',
  'manage.footer.refund': 'To be refunded: {amount}',
  'manage.footer.even': 'Nothing to pay',
  'manage.footer.held': 'Your changes are held for {time}.',
  // spec: identity §8 "Unsupported amount"
  'manage.unsupported-amount': 'Payment is not supported for this amount',
  // spec: identity §4 — the success text: reschedule wording if any ticket moved, else cancel
  'manage.success.reschedule':
    'Your visit has been rescheduled. We have e-mailed you your updated tickets.',
  'manage.success.cancel': 'Your tickets have been cancelled. We have e-mailed you a confirmation.',
  'manage.success.refund': 'A refund of {amount} will be made to your original payment.',
  'manage.success.pending':
    'Your payment is being processed. We will e-mail you once your changes are confirmed.',
  // spec: identity §8 "Manage: expected errors" — a restart message with a link to the order
  'manage.restart': 'Sorry, this change could not be made: your order or its times have changed.',
  'manage.restart-link': 'Start again from your order',
  // the leave-page warning (identity §4 "the browser warns on leaving")
  'manage.leave.title': 'Leave without saving?',
  'manage.leave.body':
    'Your changes are not saved until you confirm them. If you leave, they are dropped when their time runs out.',
  'manage.leave.stay': 'Stay on this page',
  'manage.leave.go': 'Leave this page',
  // the expiry dialogs' manage variants (identity §2 "Global dialogs")
  'manage.extend.title': 'Need more time?',
  'manage.extend.body': 'Your changes will expire soon. Would you like 2 more minutes?',
  'manage.extend.confirm': 'Add 2 minutes',
  'manage.extend.decline': 'No thanks',
  'manage.extend.error': 'Sorry, we could not add more time. Please try again.',
  'manage.expired.title': 'Your changes timed out',
  'manage.expired.body': 'Your changes were not saved, and your order is as it was before.',
  'manage.expired.back': 'Back to your order',
  // the reschedule page (identity §2 /manage/{orderId}/reschedule/{sessionId}, §4 "Reschedule")
  'manage.reschedule.title': 'Reschedule your visit',
  'manage.reschedule.current': 'Now: {when}',
  'manage.reschedule.tickets': 'Tickets to move',
  'manage.reschedule.type': 'Ticket {n}: type at the new time',
  'manage.reschedule.type-option': '{type}, {price}',
  'manage.reschedule.choose-session': 'Please choose a new date and time.',
  // issue #25, decision 0065: an add-on does not move with its admission
  'manage.reschedule.add-ons-stay':
    'Add-ons do not move with your admission: {events} stays on {date}. To keep your visit together, reschedule it too from your order.',
  'manage.reschedule.dearer':
    'The new time costs more than your current tickets: you pay the difference when you confirm your changes.',
  'manage.reschedule.submit': 'Reschedule tickets',
  'manage.reschedule.back': 'Back to your order',
  'manage.reschedule.none': 'None of these tickets can be moved online.',
  // the confirm page (identity §2 /manage/{orderId}/confirm: the checkout screen)
  'manage.confirm.credit': 'Your current tickets: {amount}',
  'manage.confirm.added': 'Your new tickets: {amount}',
  'manage.confirm.difference': 'Difference to pay: {amount}',
  // the cancel free order screen (identity §2 "Cancel free order")
  'manage.free.title': 'Cancel your tickets',
  'manage.free.cancel-order': 'Cancel whole order',
} as const;

export type ManageStringKey = keyof typeof MANAGE_STRINGS;
