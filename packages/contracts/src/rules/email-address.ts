import { EMAIL_MAX } from '../constants';

/**
 * The shape of an e-mail address (identity §5 "Set e-mail: needs a domain part with a dot",
 * "E-mail submit forms: … max 254"): a local part, one "@", and a domain of dot-separated
 * labels, none of them empty; no spaces anywhere.
 *
 * The copies this replaces came in three strengths: `…@[^\s@]+\.[^\s@]+` (a dot anywhere after
 * the "@"), `…@[^\s@]+\.[^\s@.]+` (no trailing dot), and the storefront's set-e-mail form's, which
 * also refuses an empty label (`a@.b.co`, `a@b..co`). This is that strictest one: no mail
 * server delivers to an empty label, so no flow of the spec needs one, and anything stricter
 * (zod's or RFC 5322's grammar) would refuse addresses mail servers accept. The server has the
 * last word on what reaches a mailbox.
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Whether `value` is an e-mail address: the one rule both apps use. The value is judged as
 * given, so a caller trims first where its field is trimmed (a space is never part of one).
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_SHAPE.test(value);
}
