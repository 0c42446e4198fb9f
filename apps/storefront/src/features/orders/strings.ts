/**
 * The order pages (identity §2 "Checkout complete", "Checkout pending", /ticket_order/{id};
 * §8 "Order not found"). Quoted spec texts are verbatim; others are chosen in decision 0019.
 */
export const ORDERS_STRINGS = {
  'orders.complete.title': 'Thank you for your order',
  // spec: identity §2 — default: "the order confirmation was e-mailed, with thanks"
  'orders.complete.message': 'Your order confirmation has been e-mailed to you. Thank you!',
  // what a membership, a gift or a donation is told instead (issue #25): no QR code to show
  'orders.complete.message-membership':
    'Welcome! Your membership confirmation, with your member ID, has been e-mailed to you. Thank you!',
  'orders.complete.message-gift':
    'Thank you for your gift! Your confirmation has been e-mailed to you.',
  'orders.complete.message-donation':
    'Thank you for your donation! Your receipt has been e-mailed to you.',
  'orders.complete.view-order': 'View order',
  'orders.complete.order': 'Order {number}',
  'orders.complete.qr-alt': 'QR code of order {number}',
  'orders.complete.view-tickets': 'View tickets',
  'orders.complete.redirecting': 'Redirecting…',
  // the seats of a seated order (issue #24), each as the tickets page names it
  'orders.complete.seats': 'Your seats',
  // the answers to the order's checkout questions (decision 0064)
  'orders.answers.title': 'About your booking',
  /** a ticked checkbox among the answers */
  'orders.answers.yes': 'Yes',
  // the complete page's summary and the tickets page's visit time (issue 13; decision 0029)
  'orders.summary.line': '{count} × {type}',
  'orders.summary.paid': 'Total paid',
  // a receipt line's figures (issue #22 "Receipts a finance team accepts")
  'orders.receipt.discount': 'Discount -{amount}',
  'orders.receipt.service-charge': 'Service charge {amount}',
  'orders.receipt.tax': 'Tax {amount}',
  'orders.receipt.line-total': 'Line total {amount}',
  'orders.ticket-order.when': 'When: {when}',
  // issue #25: the tickets say where to come
  'orders.ticket-order.where': 'Where: {where}',
  'orders.loading': 'Loading your order…',
  'orders.pending.title': 'Your order is being processed',
  'orders.pending.message':
    'We are waiting for your payment to be confirmed. We will e-mail your tickets once it is.',
  'orders.pending.reference': 'Reference number',
  // a processing payment that failed (decision 0018 "Update: settlement"); spec §8 card text first
  'orders.pending.failed-title': 'Your payment was not completed',
  'orders.pending.failed':
    'Your card has not been charged. The payment was not approved; please try another card.',
  'orders.pending.retry': 'Return to checkout',
  'orders.pending.browse': 'Browse experiences',
  'orders.ticket-order.title': 'Your tickets',
  'orders.ticket-order.order': 'Order {number}',
  'orders.ticket-order.print': 'Print tickets',
  'orders.ticket-order.scan-code': 'Ticket code',
  // issue #25: each ticket's own QR code, the one its e-mail and wallet pass carry
  'orders.ticket-order.qr-alt': 'QR code of ticket {code}',
  'orders.ticket-order.admit': 'Admit: {name}',
  // a seated ticket's seat (issue #24), named as the seat map names it
  'orders.ticket-order.seat': 'Seat: {seat}',
  // an order with scheduled payments (identity §4; decision 0021)
  'orders.balance.title': 'Balance to pay: {amount}',
  'orders.balance.pay': 'Pay balance',
  'orders.not-found': 'We could not find that order.',
  'orders.error': 'Oops! Sorry, something went wrong. Please try again.',
} as const;
