/**
 * The membership details modal on the stack (shopping §2 "Modals", identity §2 "My membership
 * details"); a session end closes it (identity §4 "Session": "the membership modal closes").
 */
export const MEMBERSHIP_DIALOG = 'membership';
