import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '@admit/contracts/constants';
import { toCollection } from '@admit/contracts/envelope';
import type { OtpRequestResponse, RequestOtpBody, SubmitOtpBody } from '@admit/contracts/identity';
import { isEmailAddress } from '@admit/contracts/rules/email-address';
import type { Db } from '@/db/connection';
import { AppError, validationFailed } from '@/http/app-error';
import { enqueueMail } from '@/modules/mail/outbox';
import { otpMail } from '@/modules/mail/compose';
import { loadMailBrand } from '@/modules/mail/mail-brand';
import { enforceRequestLimits } from '@/modules/limits/request-limits';
import { findIdentityById, findUserByEmail, type IdentityRow } from '@/modules/users/repo';
import type { LoginContext } from './login-service';
import {
  consumeChallenge,
  countGuess,
  findChallenge,
  insertChallenge,
  passcodeMailPending,
} from './otp-repo';
import { assertMethod, type AuthenticationMethod, type SellerAuth } from './seller-auth';

const OTP_METHODS: readonly AuthenticationMethod[] = ['otp', 'otp_or_password'];
const MINUTE = 60_000;
// passcode requests per e-mail and per address, submits per address (docs/decisions/0013)
const REQUESTS_PER_EMAIL = { max: 5, windowMs: 15 * MINUTE };
const REQUESTS_PER_ADDRESS = { max: 20, windowMs: 15 * MINUTE };
const SUBMITS_PER_ADDRESS = { max: 30, windowMs: 15 * MINUTE };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** the challenge id salts the code: equal codes of two challenges hash differently */
const codeHashOf = (challengeId: string, code: string) => sha256(`${challengeId}:${code}`);

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const notAuthorized = () =>
  new AppError(
    'not_authorized',
    'login',
    'This passcode can no longer be used. Please request a new one.',
  );

/**
 * The storefront page the magic link opens with `?otp={code}`: the requested path when it is a
 * path of this seller's storefront (never another site), else the seller's home. `root` is the
 * storefront's root (`storefrontRootOf`): its path is the router base, `/{slug}` or empty on
 * the seller's own domain (decision 0071).
 */
export function magicLink(root: string, redirectPath: string | undefined, code: string) {
  const origin = new URL(root).origin;
  const base = new URL(root).pathname.replace(/\/+$/, '');
  const safe =
    redirectPath !== undefined &&
    redirectPath.startsWith(base) &&
    /^([/?#]|$)/.test(redirectPath.slice(base.length)) &&
    // at a domain's root (empty base), `//host` would be another site
    !redirectPath.slice(base.length).startsWith('//') &&
    !/[\s\\]/.test(redirectPath);
  const url = new URL(safe ? redirectPath : `${base}/`, `${origin}/`);
  url.searchParams.set('otp', code);
  return url.toString();
}

export interface OtpServiceDeps {
  db: Db;
  now: () => Date;
  /** SMTP configured: a queued mail has not reached the mailbox yet (not_available_yet) */
  smtpConfigured: boolean;
}

/** The passcode login, built once (auth-plugin.ts). */
export type OtpService = ReturnType<typeof createOtpService>;

/** One-time passcode login (identity §2 Login, §4 "Login one-time passcode", §8 Passcode). */
export function createOtpService({ db, now, smtpConfigured }: OtpServiceDeps) {
  /**
   * POST login/request_otp: the same answer for known and unknown e-mails. Only a known account
   * gets a mail; an unknown e-mail's challenge holds a random hash no 6-digit code can match.
   */
  async function requestOtp(
    auth: SellerAuth,
    body: RequestOtpBody,
    ctx: LoginContext,
  ): Promise<OtpRequestResponse> {
    const { seller } = auth;
    if (body.state !== seller.slug) throw validationFailed('login', 'state', 'must be the seller');
    const email = body.email.trim();
    if (!isEmailAddress(email)) {
      throw new AppError('validate_not_email', 'login', 'Email address is not valid.', {
        field: 'email',
      });
    }
    assertMethod(auth, OTP_METHODS);
    const at = now();
    await enforceRequestLimits(
      db,
      'login',
      [
        { key: `otp:request:email:${seller.id}:${email.toLowerCase()}`, ...REQUESTS_PER_EMAIL },
        { key: `otp:request:address:${ctx.ip}`, ...REQUESTS_PER_ADDRESS },
      ],
      at,
    );
    const person = await findUserByEmail(db, seller.id, email);
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const expiresAt = new Date(at.getTime() + OTP_TTL_MINUTES * MINUTE);
    // composed before the transaction, and for an unknown address too (then dropped): the time
    // taken says little about whether the account exists
    const content = await otpMail({
      brand: await loadMailBrand(db, seller, ctx.origin),
      code,
      link: magicLink(ctx.origin, body.redirect_path, code),
    });
    await db.transaction(async (tx) => {
      await insertChallenge(tx, {
        id,
        sellerId: seller.id,
        identityId: person?.id ?? null,
        email,
        tokenHash: sha256(token),
        codeHash: person ? codeHashOf(id, code) : codeHashOf(id, randomBytes(32).toString('hex')),
        createdAt: at,
        expiresAt,
      });
      if (person?.email) {
        await enqueueMail(tx, { sellerId: seller.id, kind: 'otp', to: person.email, ...content });
      }
    });
    return {
      otp: toCollection([
        { token, expires_at: expiresAt.toISOString(), length: OTP_LENGTH as typeof OTP_LENGTH },
      ]),
    };
  }

  /** POST login/otp: the person on the right code; every refusal names its spec code. */
  async function submitOtp(
    auth: SellerAuth,
    body: SubmitOtpBody,
    ctx: LoginContext,
  ): Promise<IdentityRow> {
    assertMethod(auth, OTP_METHODS);
    const at = now();
    await enforceRequestLimits(
      db,
      'login',
      [{ key: `otp:submit:address:${ctx.ip}`, ...SUBMITS_PER_ADDRESS }],
      at,
    );
    const challenge = await findChallenge(db, auth.seller.id, sha256(body.token));
    if (!challenge) throw notAuthorized();
    if (challenge.expiresAt <= at) {
      throw new AppError(
        'otp_token_expired',
        'login',
        'This passcode has expired. Please request a new one.',
      );
    }
    if (challenge.consumedAt !== null || challenge.attempts >= OTP_MAX_ATTEMPTS)
      throw notAuthorized();
    // spec: identity §8 Passcode — not_available_yet: the storefront retries in 5 s
    if (smtpConfigured && (await passcodeMailPending(db, auth.seller.id, challenge.email))) {
      throw new AppError(
        'not_available_yet',
        'login',
        'The passcode e-mail is on its way. Please try again in a moment.',
      );
    }
    const counted = await countGuess(db, challenge.id, at);
    if (!counted) throw notAuthorized();
    const right =
      challenge.identityId !== null &&
      sameHash(challenge.codeHash, codeHashOf(challenge.id, body.otp));
    if (!right) {
      throw new AppError('otp_incorrect', 'login', 'The passcode you entered is invalid', {
        attempts_left: Math.max(0, OTP_MAX_ATTEMPTS - counted.attempts),
      });
    }
    if (!(await consumeChallenge(db, challenge.id, at))) throw notAuthorized();
    const person = await findIdentityById(db, challenge.identityId!);
    if (!person) throw notAuthorized();
    return person;
  }

  return { requestOtp, submitOtp };
}
