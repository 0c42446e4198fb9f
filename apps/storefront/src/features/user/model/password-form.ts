import { z } from 'zod';
import { PASSWORD_MAX } from '@admit/contracts/constants';
import { passwordProblems } from '@admit/contracts/rules/password-rules';
import type { PasswordProblem } from '@admit/contracts/rules/password-rules';
import type { UserStringKey } from '@/features/user/strings';

/**
 * spec: identity §5 Password — required, 8–254, confirmation equal, and the shared rules of
 * `passwordProblems`; any broken rule reads 'Invalid password' beside the field while the rule
 * list above it says which.
 */
export const resetPasswordFormSchema = z
  .object({
    password: z
      .string()
      .min(1, 'user.error.required' satisfies UserStringKey)
      .max(PASSWORD_MAX, 'user.reset.invalid-password' satisfies UserStringKey)
      .refine(
        (value) => passwordProblems(value).length === 0,
        'user.reset.invalid-password' satisfies UserStringKey,
      ),
    password_confirm: z.string().min(1, 'user.error.required' satisfies UserStringKey),
  })
  .refine((form) => form.password === form.password_confirm, {
    message: 'user.error.passwords-must-match' satisfies UserStringKey,
    path: ['password_confirm'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** The rules shown under the password field, each with the problems that break it. */
export const PASSWORD_RULES: readonly { key: UserStringKey; problems: PasswordProblem[] }[] = [
  { key: 'user.reset.rule.length', problems: ['required', 'too_short', 'too_long'] },
  { key: 'user.reset.rule.edge-space', problems: ['edge_space'] },
  { key: 'user.reset.rule.printable', problems: ['not_printable'] },
  { key: 'user.reset.rule.classes', problems: ['too_few_classes'] },
];
