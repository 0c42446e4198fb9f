import { NO_MEMBERS_MESSAGE } from '@admit/contracts/rules/membership-members';

/**
 * Default texts of the membership form (shopping §4 "Membership form", §5); sellers override any
 * of them by key (shopping §1). Texts in quotes in the spec are used verbatim.
 */
export const MEMBERSHIP_STRINGS = {
  'reserve.membership.heading': 'Choose your membership',
  'reserve.membership.renew_heading': 'Renew your membership',
  'reserve.membership.gift_heading': 'Give a membership',
  // issue #25 — the gift offered where a visitor looks: beside the purchase
  'reserve.membership.give_link': 'Give a membership',
  'reserve.membership.give_note': 'Buying for someone else?',
  'reserve.membership.level_legend': 'Membership level',
  'reserve.membership.choose': 'Choose…',
  'reserve.membership.loading': 'Loading membership levels…',
  'reserve.membership.unavailable': 'Memberships are not available at this time',
  'reserve.membership.load_error': 'Sorry! Something unexpected happened. Please try again.',
  // spec: shopping §5 "Ticket selection" and "Membership with no members", verbatim
  'reserve.membership.select_level': 'Please select a membership to continue.',
  'reserve.membership.no_members': NO_MEMBERS_MESSAGE,
  // members
  'reserve.membership.members_legend': 'Members',
  'reserve.membership.member_heading': '{role} {number}',
  'reserve.membership.member_heading_one': '{role}',
  // {article}: "a" or "an" before the role (issue #25: "Add a adult member?")
  'reserve.membership.add_one': 'Add {article} {role} member?',
  'reserve.membership.yes': 'Yes',
  'reserve.membership.no': 'No',
  'reserve.membership.how_many': 'How many {role} members?',
  'reserve.membership.count_unnamed': '{role} members',
  // spec: shopping §4 — the auto-renew choice, reset when the level changes
  'reserve.membership.auto_renew': 'Renew my membership automatically each year',
  'reserve.membership.auto_renew_note':
    'Your card is kept on file and charged when your membership ends. You can cancel at any time.',
  // renewal (identity §2 "otherwise expiry reads 'renew from' a date")
  'reserve.membership.renew_from': 'Your {level} membership can be renewed from {date}.',
  'reserve.membership.renew_from_plain': 'This membership can be renewed from {date}.',
  'reserve.membership.renew_login': 'Log in to renew your membership with your details filled in.',
  'reserve.membership.renew_login_link': 'Log in',
  // spec: shopping §6 — the cart is dealt with first
  'reserve.membership.cart_has_membership':
    'Your cart already holds a membership or a gift. Please check out or empty your cart first.',
  'reserve.membership.gift_needs_empty_cart':
    'To give a membership, your cart must be empty. Please check out or empty your cart first.',
  'reserve.membership.go_to_checkout': 'Go to checkout',
  // spec: shopping §5 — the gift recipient form
  'reserve.membership.recipient_legend': 'Who is the gift for?',
  'reserve.membership.recipient_first_name': 'First name',
  'reserve.membership.recipient_last_name': 'Last name',
  'reserve.membership.recipient_email': 'Email',
  'reserve.membership.recipient_message': 'Message',
  'reserve.membership.self_gift':
    'You can not gift membership to yourself. Do you want to buy or renew membership for yourself?',
  'reserve.membership.self_gift_buy': 'Buy a membership',
  'reserve.membership.self_gift_renew': 'Renew my membership',
  // spec: shopping §8 — membership submission: a code prompt
  'reserve.membership.code_title': 'A code is required',
  'reserve.membership.code_label': 'Code',
  'reserve.membership.code_submit': 'Apply',
  'reserve.membership.code_cancel': 'Cancel',
  'reserve.membership.submit': 'Add to cart',
  // issue #25 — redeeming a gift: the total is what is left to pay, the gift's part is said
  'reserve.membership.gift_covers': 'Your gift covers {amount}.',
  'reserve.membership.gift_submit': 'Continue to payment',
} as const;

export type MembershipStringKey = keyof typeof MEMBERSHIP_STRINGS;
