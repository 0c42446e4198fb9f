import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';

export type PasswordProblem =
  'required' | 'too_short' | 'too_long' | 'edge_space' | 'not_printable' | 'too_few_classes';

// printable: anything but the C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F)
const hasControlCharacter = (text: string) =>
  [...text].some((ch) => {
    const code = ch.codePointAt(0)!;
    return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
  });

/** How many of the 4 classes (uppercase, lowercase, digit, special) the password uses. */
export function passwordClassCount(password: string): number {
  const classes = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{Lu}\p{Ll}\p{Nd}\s]/u];
  return classes.filter((re) => re.test(password)).length;
}

/**
 * The password rules of identity §5, shared by the server (which enforces them) and the
 * storefront (which explains them): 8–254 characters, no leading or trailing space, printable
 * characters only, at least 3 of 4 classes. Returns every problem, empty when acceptable.
 */
export function passwordProblems(password: string): PasswordProblem[] {
  if (password.length === 0) return ['required'];
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN) problems.push('too_short');
  if (length > PASSWORD_MAX) problems.push('too_long');
  if (password !== password.trim()) problems.push('edge_space');
  if (hasControlCharacter(password)) problems.push('not_printable');
  if (passwordClassCount(password) < 3) problems.push('too_few_classes');
  return problems;
}

export const isAcceptablePassword = (password: string) => passwordProblems(password).length === 0;
