import { z } from 'zod';
import {
  auditLogResponseSchema,
  officeLoginBodySchema,
  officeSessionResponseSchema,
  staffPasswordResetBodySchema,
  staffUserCreateBodySchema,
  staffUserPatchBodySchema,
  staffUsersResponseSchema,
  totpEnrolBodySchema,
  totpSecretResponseSchema,
} from '../office';
import {
  acceptedResponseSchema,
  emailBodySchema,
  resetPasswordBodySchema,
  tokenBodySchema,
} from '../identity';
import { callQuery, idParams, noContent } from './query';
import { defineRoute } from './route';

/**
 * The back office's API (issue #27, decision 0083): `/api/office/…`, the seller by `_seller` or
 * the seller's own domain, the staff user by the office cookie (`admit_office_sid`, Path
 * `/api/office`). Writes carry the app header like every state-changing /api call (CSRF).
 */

/** POST /api/office/login: e-mail, password, and the TOTP code when one is enrolled. */
export const officeLoginRoute = defineRoute({
  method: 'POST',
  url: '/api/office/login',
  schema: {
    querystring: callQuery({}),
    body: officeLoginBodySchema,
    response: { 200: officeSessionResponseSchema },
  },
});

/** POST /api/office/logout: ends the office session (204, also without one). */
export const officeLogoutRoute = defineRoute({
  method: 'POST',
  url: '/api/office/logout',
  schema: { querystring: callQuery({}), response: { 204: noContent } },
});

/** GET /api/office/me: the signed-in staff user and the session (401 without one). */
export const officeMeRoute = defineRoute({
  method: 'GET',
  url: '/api/office/me',
  schema: { querystring: callQuery({}), response: { 200: officeSessionResponseSchema } },
});

/** POST /api/office/me/totp_secret: a fresh secret to enrol (stored only once confirmed). */
export const officeTotpSecretRoute = defineRoute({
  method: 'POST',
  url: '/api/office/me/totp_secret',
  schema: { querystring: callQuery({}), response: { 200: totpSecretResponseSchema } },
});

/** PUT /api/office/me/totp: enrols the secret, proved by a current code from it. */
export const officeTotpEnrolRoute = defineRoute({
  method: 'PUT',
  url: '/api/office/me/totp',
  schema: {
    querystring: callQuery({}),
    body: totpEnrolBodySchema,
    response: { 200: officeSessionResponseSchema },
  },
});

/** GET /api/office/staff_user (owner): the seller's staff. */
export const staffUsersRoute = defineRoute({
  method: 'GET',
  url: '/api/office/staff_user',
  schema: { querystring: callQuery({}), response: { 200: staffUsersResponseSchema } },
});

/** POST /api/office/staff_user (owner): adds a staff user (409 when the e-mail is taken). */
export const staffUserCreateRoute = defineRoute({
  method: 'POST',
  url: '/api/office/staff_user',
  schema: {
    querystring: callQuery({}),
    body: staffUserCreateBodySchema,
    response: { 201: staffUsersResponseSchema },
  },
});

/** PATCH /api/office/staff_user/{id} (owner): role, disabled (never the last owner). */
export const staffUserPatchRoute = defineRoute({
  method: 'PATCH',
  url: '/api/office/staff_user/:staffUserId',
  schema: {
    params: idParams('staffUserId'),
    querystring: callQuery({}),
    body: staffUserPatchBodySchema,
    response: { 200: staffUsersResponseSchema },
  },
});

/** POST /api/office/staff_user/{id}/password (owner): a new password, sessions and TOTP cleared. */
export const staffPasswordResetRoute = defineRoute({
  method: 'POST',
  url: '/api/office/staff_user/:staffUserId/password',
  schema: {
    params: idParams('staffUserId'),
    querystring: callQuery({}),
    body: staffPasswordResetBodySchema,
    response: { 200: staffUsersResponseSchema },
  },
});

/**
 * GET /api/office/audit (owner): the audit log, newest first, filtered with the query grammar:
 * `action`, `staff_user_id`, `at._gte` / `at._lt`, `_limit`, `_sort`.
 */
export const officeAuditRoute = defineRoute({
  method: 'GET',
  url: '/api/office/audit',
  schema: {
    querystring: callQuery({ _limit: z.string().optional(), _sort: z.string().optional() }),
    response: { 200: auditLogResponseSchema },
  },
});

/**
 * POST /api/office/password_reset/request: mails a reset link to the seller's enabled staff user
 * with this e-mail; the same answer whether or not there is one (decision 0095).
 */
export const officePasswordResetRequestRoute = defineRoute({
  method: 'POST',
  url: '/api/office/password_reset/request',
  schema: {
    querystring: callQuery({}),
    body: emailBodySchema,
    response: { 200: acceptedResponseSchema },
  },
});

/** POST /api/office/password_reset/validate: whether a staff reset link still works (404/422). */
export const officePasswordResetValidateRoute = defineRoute({
  method: 'POST',
  url: '/api/office/password_reset/validate',
  schema: {
    querystring: callQuery({}),
    body: tokenBodySchema,
    response: { 200: acceptedResponseSchema },
  },
});

/** POST /api/office/password_reset/reset: the new password; the user's office sessions end. */
export const officePasswordResetRoute = defineRoute({
  method: 'POST',
  url: '/api/office/password_reset/reset',
  schema: {
    querystring: callQuery({}),
    body: resetPasswordBodySchema,
    response: { 200: acceptedResponseSchema },
  },
});
