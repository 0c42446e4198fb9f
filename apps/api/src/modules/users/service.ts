import type {
  CreateUserBody,
  PatchUserBody,
  SetEmailBody,
  UserResponse,
} from '@admit/contracts/identity';
import { isEmailAddress } from '@admit/contracts/rules/email-address';
import { passwordProblems } from '@admit/contracts/rules/password-rules';
import type { Db } from '@/db/connection';
import { AppError, validationFailed } from '@/http/app-error';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import { hasActiveMembership } from '@/modules/memberships/active';
import { hashPassword } from './password-hash';
import {
  findIdentityById,
  findOtherUserByEmail,
  findUserByEmail,
  insertUser,
  needsEmail,
  normalizeEmail,
  toIdentityContract,
  toIdentityMeta,
  toUserContract,
  updateUser,
  type IdentityRow,
  type UserChanges,
} from './repo';

export interface UserServiceDeps {
  db: Db;
  now: () => Date;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** spec: identity §5 "Password" — enforced here, whatever the storefront checked. */
export function assertAcceptablePassword(context: string, password: string) {
  const problems = passwordProblems(password);
  if (problems.length > 0) {
    throw new AppError('validation_failed', context, 'Invalid password', {
      field: 'password',
      problems,
    });
  }
}

const emailConflict = (existing: IdentityRow) =>
  new AppError('conflict', 'user', 'An account with this e-mail address already exists', {
    identity_id: existing.id,
  });

/** The contact fields of the create, complete and patch bodies, as column changes. */
function contactChanges(body: PatchUserBody): UserChanges {
  const changes: UserChanges = {};
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.address !== undefined) changes.address = body.address;
  if (body.address_more !== undefined) changes.addressMore = body.address_more;
  if (body.city !== undefined) changes.city = body.city;
  if (body.state !== undefined) changes.state = body.state;
  if (body.country !== undefined) changes.country = body.country;
  if (body.zip_code !== undefined) changes.zipCode = body.zip_code;
  return changes;
}

const mergedMeta = (row: IdentityRow | null, extra: Record<string, unknown> | undefined) => ({
  ...((row?.meta ?? {}) as Record<string, unknown>),
  ...(extra ?? {}),
});

export type UserService = ReturnType<typeof createUserService>;

/** Accounts (identity §7 rows POST user, PUT/GET my/user, PATCH my/user/{id}, PUT my/user/email). */
export function createUserService({ db, now }: UserServiceDeps) {
  async function respond(row: IdentityRow, embeds: ReadonlySet<string> = new Set()) {
    const body: UserResponse = {
      user: { _count: 1, _total: 1, _data: [toUserContract(row)] },
    };
    if (embeds.has('identity')) {
      const identity = toIdentityContract(row, await hasActiveMembership(db, row.id, now()));
      body.identity = { _count: 1, _total: 1, _data: [identity] };
    }
    if (embeds.has('identity.meta')) {
      const meta = toIdentityMeta(row);
      body.identity_meta = { _count: meta.length, _total: meta.length, _data: meta };
    }
    return body;
  }

  /** The logged-in identity's own row; guests get 401 `not_authorized`. */
  async function ownRow(caller: RequestIdentity): Promise<IdentityRow> {
    if (caller.isPublic) throw new AppError('not_authorized', 'user', 'Please log in');
    const row = await findIdentityById(db, caller.id);
    if (!row) throw new AppError('not_authorized', 'user', 'Please log in');
    return row;
  }

  /** POST user: a new person of the seller; 409 names the existing identity (identity §7). */
  async function createUser(seller: SellerRef, body: CreateUserBody) {
    // identity §5 "E-mail submit forms: required e-mail": an address mail can reach, as the set
    // e-mail rule below asks; the storefront's form checks it first
    if (!isEmailAddress(normalizeEmail(body.email))) {
      throw validationFailed('user', 'email', 'Email address is not valid.');
    }
    if (body.password !== undefined) assertAcceptablePassword('user', body.password);
    const existing = await findUserByEmail(db, seller.id, body.email);
    if (existing) throw emailConflict(existing);
    const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
    try {
      const row = await insertUser(db, {
        sellerId: seller.id,
        email: normalizeEmail(body.email),
        firstName: body.first_name,
        lastName: body.last_name,
        passwordHash,
        ...contactChanges(body),
        meta: mergedMeta(null, body.additional_info),
      });
      return respond(row);
    } catch (error) {
      // two creates raced for one address: the unique index decided, the loser gets the 409
      if (!isUniqueViolation(error)) throw error;
      const winner = await findUserByEmail(db, seller.id, body.email);
      if (winner) throw emailConflict(winner);
      throw error;
    }
  }

  /**
   * PUT my/user: completes the caller's own account. Names, contact fields and meta are updated;
   * the e-mail only when the account has no valid one (it is the login); a password only when
   * none is set yet — changing one goes through the reset e-mail.
   */
  async function completeOwnAccount(caller: RequestIdentity, body: CreateUserBody) {
    const row = await ownRow(caller);
    const changes: UserChanges = {
      firstName: body.first_name,
      lastName: body.last_name,
      ...contactChanges(body),
      meta: mergedMeta(row, body.additional_info),
    };
    if (body.password !== undefined) {
      if (row.passwordHash !== null) {
        throw new AppError(
          'validate_failed',
          'user',
          'This account already has a password; use the password reset to change it',
          { field: 'password' },
        );
      }
      assertAcceptablePassword('user', body.password);
      changes.passwordHash = await hashPassword(body.password);
    }
    if (needsEmail(row.email)) {
      // this sets the missing e-mail as PUT my/user/email does: the same rule (identity §5)
      if (!isEmailAddress(normalizeEmail(body.email))) {
        throw validationFailed('user', 'email', 'Email address is not valid.');
      }
      const taken = await findOtherUserByEmail(db, row.sellerId, body.email, row.id);
      if (taken) throw emailConflict(taken);
      changes.email = normalizeEmail(body.email);
    }
    try {
      return respond(await updateUser(db, row.id, changes, now()));
    } catch (error) {
      // another account took the address between the check and the update
      const winner = isUniqueViolation(error)
        ? await findOtherUserByEmail(db, row.sellerId, body.email, row.id)
        : null;
      if (winner) throw emailConflict(winner);
      throw error;
    }
  }

  /** GET my/user: the caller's account, `identity` and `identity.meta` as sibling embeds. */
  async function getOwnAccount(caller: RequestIdentity, embeds: ReadonlySet<string>) {
    return respond(await ownRow(caller), embeds);
  }

  /** PATCH my/user/{id}: own id only (404 otherwise); names and e-mail are read-only here. */
  async function patchOwnAccount(caller: RequestIdentity, id: string, body: PatchUserBody) {
    const row = await ownRow(caller);
    if (row.id !== id.toLowerCase()) throw new AppError('not_found', 'user', 'User not found');
    const changes: UserChanges = { ...contactChanges(body) };
    if (body.additional_info !== undefined) changes.meta = mergedMeta(row, body.additional_info);
    return respond(await updateUser(db, row.id, changes, now()), new Set(['identity']));
  }

  /** PUT my/user/email: spec identity §5 "Set e-mail", §6, §8 "Set e-mail conflict (409)". */
  async function setOwnEmail(caller: RequestIdentity, body: SetEmailBody) {
    const row = await ownRow(caller);
    if (!needsEmail(row.email)) {
      throw new AppError('validate_failed', 'user', 'This account already has an e-mail address');
    }
    const email = normalizeEmail(body.email);
    if (!isEmailAddress(email))
      throw validationFailed('user', 'email', 'Email address is not valid.');
    if (email.toLowerCase() !== normalizeEmail(body.email_confirm).toLowerCase()) {
      throw validationFailed('user', 'email_confirm', 'Email addresses must match.');
    }
    const taken = await findOtherUserByEmail(db, row.sellerId, email, row.id);
    const conflict = () =>
      new AppError('conflict', 'user', `Another user account is using ${email}.`, { email });
    if (taken) throw conflict();
    try {
      return respond(await updateUser(db, row.id, { email }, now()));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  }

  return { createUser, completeOwnAccount, getOwnAccount, patchOwnAccount, setOwnEmail };
}
