import { z } from 'zod';
import { EMAIL_MAX } from '@admit/contracts/constants';
import { isEmailAddress } from '@admit/contracts/rules/email-address';
import type { UserStringKey } from '@/features/user/strings';

/** One e-mail field: required, at most 254 characters, e-mail shaped (identity §5, the one rule). */
export const emailField = z
  .string()
  .trim()
  .min(1, 'user.error.required' satisfies UserStringKey)
  .max(EMAIL_MAX, 'user.error.email-too-long' satisfies UserStringKey)
  .refine(isEmailAddress, 'user.error.email-invalid' satisfies UserStringKey);

/** The e-mail submit forms (resend, forgot password, forgot membership). */
export const emailFormSchema = z.object({ email: emailField });
export type EmailForm = z.infer<typeof emailFormSchema>;

/** Set e-mail: the confirmation must match, ignoring case (identity §5). */
export const setEmailFormSchema = z
  .object({ email: emailField, email_confirm: emailField })
  .refine((form) => form.email.toLowerCase() === form.email_confirm.toLowerCase(), {
    message: 'user.error.emails-must-match' satisfies UserStringKey,
    path: ['email_confirm'],
  });
export type SetEmailForm = z.infer<typeof setEmailFormSchema>;
