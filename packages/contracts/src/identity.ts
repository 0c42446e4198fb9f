import { z } from 'zod';
import { collectionSchema } from './envelope';
import { EMAIL_MAX, OTP_LENGTH, PASSWORD_MAX, USERNAME_MAX, ZIP_CODE_MAX } from './constants';
import { sessionSchema } from './session';
import { normalizeScanCode } from './rules/scan-code';

/**
 * Identity and login wire format (identity §3, §7). Every path is under `/api`, carries
 * `_seller={slug}` like every other call, and writes need the `tix-app` header.
 *
 *   POST   user                      createUserBody → userResponse (201); 409 `conflict`, _extra.identity_id
 *   PUT    my/user                   createUserBody (logged in: completes the own account) → userResponse
 *   GET    my/user?_embed=identity,identity.meta → userResponse with `identity` and `identity_meta`
 *   PATCH  my/user/{id}              patchUserBody (name and e-mail are ignored: read-only) → userResponse
 *   PUT    my/user/email             setEmailBody (only for no-email users) → userResponse; 409 `conflict`
 *   POST   login                     loginBody → loginResponse (sets the cookies)
 *   POST   logout                    {} → loginResponse of the public identity (clears the cookies)
 *   POST   login/request_otp         requestOtpBody → otpRequestResponse (same answer for unknown e-mails)
 *   POST   login/otp                 submitOtpBody → loginResponse
 *   GET    sso/start?redirect=&cart_id=   302 to the seller's external login (identity §7)
 *   GET    sso/callback?jwt=&state=       logs in, 302 back to the storefront `redirect`
 *   POST   password_reset/request    emailBody → acceptedResponse (always, known or not)
 *   POST   password_reset/validate   tokenBody → identityResponse; 404 not_found / 422 validate_failed
 *   POST   password_reset/reset      resetPasswordBody → identityResponse; 400 validation_failed (password),
 *                                    404 not_found / 422 validate_failed like validate
 *   POST   ticket_order/resend       resendBody → acceptedResponse; 404 not_found when no orders
 *                                    (memberships_only: always accepted, like the forgot forms)
 *   POST   my/ticket_order/resend    { memberships_only? } → acceptedResponse
 *
 * Errors (identity §8): `incorrect_password` 401 (also for an unknown username: nothing reveals
 * whether an account exists), `guest_account` 401 (the account has no password yet; a reset
 * e-mail was sent), `not_authorized` 401 (member details not found, external token refused,
 * passcode challenge used up), `otp_incorrect` 401 with `_extra.attempts_left`,
 * `otp_token_expired` 410, `not_available_yet` 422 (the passcode e-mail is still queued; retry in
 * 5 s), `forbidden` 403 in context `login` ("Login is disabled" or a method the seller does not
 * offer), `rate_limited` 429 with `_extra.retry_after_seconds`, `validation_failed` 400 naming
 * `_extra.field`, `validate_not_email` 400 (the OTP e-mail is not an e-mail address).
 */

const email = z.string().trim().min(1).max(EMAIL_MAX);

/** The person behind a login (GET my/user). `id` is the identity's id. */
export const userSchema = z.object({
  id: z.string().uuid(),
  identity_id: z.string().uuid(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** false for accounts created at guest checkout (a reset e-mail sets the first password) */
  has_password: z.boolean(),
  /** the e-mail starts with NO_EMAIL_MARKER: the storefront asks for one before checkout */
  needs_email: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Identity fields (identity §3 "Purchaser identity" minus the confirmation). */
export const identitySchema = z.object({
  id: z.string().uuid(),
  seller_id: z.string().uuid(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  address_more: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zip_code: z.string().nullable(),
  /** holds a current membership */
  is_member: z.boolean(),
});
export type Identity = z.infer<typeof identitySchema>;

/** `_embed=identity.meta`: one row per meta key (sibling collection, joined by identity_id). */
export const identityMetaSchema = z.object({
  identity_id: z.string().uuid(),
  key: z.string(),
  value: z.unknown(),
});

export const userResponseSchema = z.object({
  user: collectionSchema(userSchema),
  identity: collectionSchema(identitySchema).optional(),
  identity_meta: collectionSchema(identityMetaSchema).optional(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

export const identityResponseSchema = z.object({ identity: collectionSchema(identitySchema) });
export type IdentityResponse = z.infer<typeof identityResponseSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** POST user / PUT my/user: password optional (guest checkout creates password-less users). */
export const createUserBodySchema = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email,
  password: z.string().max(PASSWORD_MAX).optional(),
  additional_info: z.record(z.string(), z.unknown()).optional(),
  phone: optionalText(40),
  address: optionalText(200),
  address_more: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(2),
  zip_code: optionalText(20),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** PATCH my/user/{id}: contact fields; first_name, last_name and email are read-only here. */
export const patchUserBodySchema = createUserBodySchema
  .omit({ first_name: true, last_name: true, email: true, password: true })
  .partial();
export type PatchUserBody = z.infer<typeof patchUserBodySchema>;

export const setEmailBodySchema = z.object({ email, email_confirm: email });
export type SetEmailBody = z.infer<typeof setEmailBodySchema>;

/**
 * POST login. One of: username + password; a `jwt` from the external provider; or a member ID
 * (`member_code`, or the spec's `scan_code`: the member card's code) with the ZIP code, last name or e-mail the seller's method asks for. `cart_id` names the
 * guest's pending cart, which moves to the member at login (identity §4 "Cart state").
 */
/** The detail a member-ID login pairs with the ID (the seller's method names which). */
const memberDetail = {
  zip_code: z.string().trim().min(1).max(ZIP_CODE_MAX).optional(),
  last_name: z.string().trim().min(1).max(100).optional(),
  email: email.optional(),
  cart_id: z.string().uuid().optional(),
};

export const loginBodySchema = z.union([
  z.object({
    username: z.string().trim().min(1).max(USERNAME_MAX),
    password: z.string().min(1).max(PASSWORD_MAX),
    cart_id: z.string().uuid().optional(),
  }),
  z.object({ jwt: z.string().min(1).max(8192), cart_id: z.string().uuid().optional() }),
  z.object({
    member_code: z.string().trim().min(1).max(USERNAME_MAX),
    ...memberDetail,
  }),
  // spec: identity §2 Login — the member-ID field named as the spec names it: the member card's
  // code, typed or scanned (its QR code carries the member ID), read as the door reads codes
  z.object({
    scan_code: z.string().max(USERNAME_MAX).transform(normalizeScanCode).pipe(z.string().min(1)),
    ...memberDetail,
  }),
]);
export type LoginBody = z.infer<typeof loginBodySchema>;

/** What a login, passcode submit or logout answers: the new session and who it is. */
export const loginResponseSchema = z.object({
  session: collectionSchema(sessionSchema),
  identity: collectionSchema(identitySchema),
  /** the cart moved to the member at login, if one was named and could be moved */
  cart: collectionSchema(z.object({ id: z.string().uuid(), state: z.string() })).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST login/request_otp: `state` is the seller slug the magic link returns to. */
export const requestOtpBodySchema = z.object({
  email,
  state: z.string().min(1).max(100),
  provider: z.literal('email').optional(),
  /** storefront path the magic link opens (e.g. "/demo-museum/checkout") */
  redirect_path: z.string().max(2000).optional(),
});
export type RequestOtpBody = z.infer<typeof requestOtpBodySchema>;

export const otpRequestSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  length: z.literal(OTP_LENGTH),
});
export const otpRequestResponseSchema = z.object({ otp: collectionSchema(otpRequestSchema) });
export type OtpRequestResponse = z.infer<typeof otpRequestResponseSchema>;

export const submitOtpBodySchema = z.object({
  token: z.string().min(1).max(200),
  otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`)),
  cart_id: z.string().uuid().optional(),
});
export type SubmitOtpBody = z.infer<typeof submitOtpBodySchema>;

export const emailBodySchema = z.object({ email });
export const tokenBodySchema = z.object({ token: z.string().min(1).max(200) });
export const resetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(PASSWORD_MAX),
});
export const resendBodySchema = z.object({
  email,
  memberships_only: z.boolean().optional(),
});
export const myResendBodySchema = z.object({ memberships_only: z.boolean().optional() });

/** A request that was taken (reset, resend): nothing in it says whether an account exists. */
export const acceptedResponseSchema = z.object({
  accepted: collectionSchema(z.object({ accepted: z.literal(true) })),
});
export type AcceptedResponse = z.infer<typeof acceptedResponseSchema>;
/** The one `accepted` answer (forgot forms, resends: the same whoever asks). */
export const ACCEPTED: AcceptedResponse = {
  accepted: { _count: 1, _total: 1, _data: [{ accepted: true }] },
};
