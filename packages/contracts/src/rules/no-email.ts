import { NO_EMAIL_MARKER } from '../constants';

/**
 * A test account's address (decision 0077): one on a domain reserved for testing (RFC 2606,
 * RFC 6761: example.com, example.org, example.net, or a name under .test). Staff keep such
 * accounts behind the no-email marker to try the shop without a mailbox.
 */
const TEST_ACCOUNT = /@(example\.(com|org|net)|([a-z0-9-]+\.)+test)$/i;

/**
 * spec: identity §6 — "A user without a valid e-mail (e-mail starting with a no-email marker,
 * except test accounts) is forced to set one before checkout". The one rule, both apps.
 */
export function needsEmail(email: string | null | undefined): boolean {
  if (!email || email.trim() === '') return true;
  return email.startsWith(NO_EMAIL_MARKER) && !TEST_ACCOUNT.test(email.trim());
}
