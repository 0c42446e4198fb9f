import type { LoginBody, LoginResponse } from '@admit/contracts/identity';
import { toCollection } from '@admit/contracts/envelope';
import { EXTERNAL_METHODS } from '@admit/contracts/seller-config';
import type { Db } from '@/db/connection';
import { AppError, validationFailed } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import type { NewSession } from '@/modules/sessions/session-service';
import { hasActiveMembership } from '@/modules/memberships/active';
import { verifyAgainstNothing, verifyPassword } from '@/modules/users/password-hash';
import { findUserByEmail, toIdentityContract, type IdentityRow } from '@/modules/users/repo';
import { sendPasswordSetupMail } from '@/modules/password-reset/service';
import { handOverCart } from './cart-handover';
import { verifyExternalJwt } from './external-jwt';
import { findIdentityByMemberCode, findOrCreateExternalUser } from './repo';
import { assertMethod, type AuthenticationMethod, type SellerAuth } from './seller-auth';
import {
  loginKeys,
  settleSuccessfulLogin,
  takeLoginAttempt,
} from '@/modules/limits/login-throttle';

/** Where a login request came from: throttle key and link origin. */
export interface LoginContext {
  ip: string;
  /** the seller's storefront root, for links in mails (sellers/seller-site.ts `storefrontRootOf`) */
  origin: string;
}

export const incorrectPassword = () =>
  new AppError(
    'incorrect_password',
    'login',
    'That is not the correct password. Please try again.',
  );

/** spec: identity §8 "Login" — the member-ID failure message, verbatim. */
export const memberNotFound = () =>
  new AppError(
    'not_authorized',
    'login',
    'Member details not found. Please check your member ID and ZIP code (or last name, or email address and member ID).',
  );

const PASSWORD_METHODS: readonly AuthenticationMethod[] = ['password', 'otp_or_password'];
const MEMBER_FIELD = {
  member_id_zip: 'zip_code',
  member_id_last_name: 'last_name',
  member_id_email: 'email',
} as const;
type MemberMethod = keyof typeof MEMBER_FIELD;
const MEMBER_METHODS = Object.keys(MEMBER_FIELD) as MemberMethod[];

type PasswordBody = Extract<LoginBody, { password: string }>;
type MemberBody = Extract<LoginBody, { member_code: string }>;
type CardBody = Extract<LoginBody, { scan_code: string }>;

const same = (a: string | null | undefined, b: string) =>
  a != null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Member-ID check: the membership's identity must match the field the method asks for. */
function memberMatches(method: MemberMethod, person: IdentityRow, body: MemberBody): boolean {
  if (method === 'member_id_zip')
    return same(person.zipCode?.trim().slice(0, 5), body.zip_code ?? '');
  if (method === 'member_id_last_name') return same(person.lastName, body.last_name ?? '');
  return same(person.email, body.email ?? '');
}

export interface LoginServiceDeps {
  db: Db;
  now: () => Date;
}

export type LoginService = ReturnType<typeof createLoginService>;

/** Login by password, member ID or external token (identity §2 Login, §6, §7 `POST login`). */
export function createLoginService({ db, now }: LoginServiceDeps) {
  async function passwordLogin(auth: SellerAuth, body: PasswordBody, ctx: LoginContext) {
    assertMethod(auth, PASSWORD_METHODS);
    const keys = loginKeys(auth.seller.id, body.username, ctx.ip);
    await takeLoginAttempt(db, keys, now());
    const person = await findUserByEmail(db, auth.seller.id, body.username);
    // unknown and wrong answer alike, and take as long (nothing reveals whether an account exists)
    if (!person) {
      await verifyAgainstNothing(body.password);
      throw incorrectPassword();
    }
    if (person.passwordHash === null) {
      await verifyAgainstNothing(body.password);
      // spec: identity §8 guest_account — the first-password mail goes out
      await sendPasswordSetupMail(db, auth.seller, person, 'guest_account', {
        origin: ctx.origin,
        now: now(),
      });
      throw new AppError(
        'guest_account',
        'login',
        'This account has no password yet. We have sent you an e-mail to set one.',
      );
    }
    if (!(await verifyPassword(person.passwordHash, body.password))) throw incorrectPassword();
    await settleSuccessfulLogin(db, keys, now());
    return person;
  }

  async function memberLogin(auth: SellerAuth, body: MemberBody, ctx: LoginContext) {
    assertMethod(auth, MEMBER_METHODS);
    const method = auth.method as MemberMethod;
    const field = MEMBER_FIELD[method];
    if (!body[field]) throw validationFailed('login', field, 'is required');
    const keys = loginKeys(auth.seller.id, body.member_code, ctx.ip);
    await takeLoginAttempt(db, keys, now());
    const person = await findIdentityByMemberCode(db, auth.seller.id, body.member_code);
    if (!person || !memberMatches(method, person, body)) throw memberNotFound();
    await settleSuccessfulLogin(db, keys, now());
    return person;
  }

  /** A token from the seller's provider (also the SSO callback): find or create the person. */
  async function externalLogin(auth: SellerAuth, jwt: string, ctx: LoginContext) {
    assertMethod(auth, EXTERNAL_METHODS);
    const keys = loginKeys(auth.seller.id, null, ctx.ip);
    await takeLoginAttempt(db, keys, now());
    const claims = await verifyExternalJwt(auth, jwt, now());
    const person = await findOrCreateExternalUser(db, auth.seller.id, claims);
    await settleSuccessfulLogin(db, keys, now());
    return person;
  }

  /** Checks the credentials of a `POST login` body; the identity on success. */
  function authenticate(auth: SellerAuth, body: LoginBody, ctx: LoginContext) {
    if ('jwt' in body) return externalLogin(auth, body.jwt, ctx);
    if ('member_code' in body) return memberLogin(auth, body, ctx);
    // the member card's code is the member ID its QR code carries (identity §2 `scan_code`)
    if ('scan_code' in body) {
      const { scan_code: memberCode, ...detail } = body satisfies CardBody;
      return memberLogin(auth, { ...detail, member_code: memberCode }, ctx);
    }
    return passwordLogin(auth, body, ctx);
  }

  /**
   * After the credentials passed: the guest cart moves to the member (identity §4), and the
   * answer names the new session and who it is. The caller rotates the session and sets cookies.
   */
  async function loginAnswer(input: {
    seller: SellerRef;
    person: IdentityRow;
    publicIdentityId: string;
    session: NewSession;
    cartId: string | undefined;
  }): Promise<LoginResponse> {
    const { seller, person, session } = input;
    const at = now();
    const cart = input.cartId
      ? await handOverCart(db, {
          cartId: input.cartId.toLowerCase(),
          sellerId: seller.id,
          publicIdentityId: input.publicIdentityId,
          memberId: person.id,
          now: at,
        })
      : null;
    const isMember = await hasActiveMembership(db, person.id, at);
    return {
      session: toCollection([
        {
          identity_id: person.id,
          seller_id: seller.id,
          is_public: false,
          expires_at: session.expiresAt.toISOString(),
        },
      ]),
      identity: toCollection([toIdentityContract(person, isMember)]),
      ...(cart ? { cart: toCollection([cart]) } : {}),
    };
  }

  return { authenticate, externalLogin, loginAnswer };
}
