import { z } from 'zod';
import {
  EMAIL_MAX,
  OTP_LENGTH,
  PASSWORD_MAX,
  USERNAME_MAX,
  ZIP_CODE_MAX,
} from '@admit/contracts/constants';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { isEmailAddress } from '@admit/contracts/rules/email-address';
import type { LoginStringKey } from '@/features/login/strings';

/**
 * spec: identity §5 — login fields are required and trimmed and validated before submit; username
 * max 100, ZIP code max 5, one-time code 6 digits. Issue messages are text-string keys.
 */
const REQUIRED: LoginStringKey = 'login.error.required';
const TOO_LONG: LoginStringKey = 'login.error.too-long';

const required = (max: number) => z.string().trim().min(1, REQUIRED).max(max, TOO_LONG);

// the one e-mail rule of both apps (identity §5: a domain part with a dot)
const email = required(EMAIL_MAX).refine(isEmailAddress, 'login.error.email-invalid');

export const usernamePasswordFields = z.object({
  username: required(USERNAME_MAX),
  password: required(PASSWORD_MAX),
});
export type UsernamePasswordFields = z.infer<typeof usernamePasswordFields>;

export const emailFields = z.object({ email });
export type EmailFields = z.infer<typeof emailFields>;

export const passwordFields = z.object({ password: required(PASSWORD_MAX) });
export type PasswordFields = z.infer<typeof passwordFields>;

export const otpFields = z.object({
  otp: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'login.error.otp-format'),
});
export type OtpFields = z.infer<typeof otpFields>;

export type MemberIdMethod = Extract<
  SellerConfig['authentication_method'],
  'member_id_zip' | 'member_id_last_name' | 'member_id_email'
>;

export const MEMBER_ID_METHODS: readonly MemberIdMethod[] = [
  'member_id_zip',
  'member_id_last_name',
  'member_id_email',
];

export function isMemberIdMethod(method: string): method is MemberIdMethod {
  return (MEMBER_ID_METHODS as readonly string[]).includes(method);
}

/** The member-ID form: the ID plus the one detail the seller's method asks for. */
export const memberIdFields = {
  member_id_zip: z.object({
    member_code: required(USERNAME_MAX),
    zip_code: required(ZIP_CODE_MAX),
  }),
  member_id_last_name: z.object({ member_code: required(USERNAME_MAX), last_name: required(100) }),
  member_id_email: z.object({ member_code: required(USERNAME_MAX), email }),
} as const;

export type MemberIdFields = { member_code: string } & Partial<
  Record<'zip_code' | 'last_name' | 'email', string>
>;

/** Field limits the inputs carry as `maxLength`, so nothing longer can be typed. */
export const FIELD_MAX = {
  username: USERNAME_MAX,
  password: PASSWORD_MAX,
  email: EMAIL_MAX,
  member_code: USERNAME_MAX,
  zip_code: ZIP_CODE_MAX,
  last_name: 100,
  otp: OTP_LENGTH,
} as const;
