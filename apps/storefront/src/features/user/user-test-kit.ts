import { createElement } from 'react';
import type { User } from '@admit/contracts/identity';
import { toCollection } from '@admit/contracts/envelope';

/** The accepted answer of password_reset/request and ticket_order/resend. */
export const ACCEPTED = { accepted: toCollection([{ accepted: true }]) };

/** Stands in for the home route in tests that check a redirect lands exactly on "/". */
export function HomeStandIn() {
  return createElement('h1', null, 'Home stand-in');
}

/** GET my/user as the server answers it; `email` and `needs_email` as the test needs. */
export function myUserBody(overrides: Partial<User> = {}) {
  const user: User = {
    id: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    identity_id: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    email: 'no-email+3f2b1c4d@admit.invalid',
    first_name: 'Ada',
    last_name: 'Lovelace',
    has_password: true,
    needs_email: true,
    ...overrides,
  };
  return { user: toCollection([user]) };
}
