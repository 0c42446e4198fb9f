import { z } from 'zod';
import {
  acceptedResponseSchema,
  emailBodySchema,
  identityResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  patchUserBodySchema,
  requestOtpBodySchema,
  otpRequestResponseSchema,
  resendBodySchema,
  resetPasswordBodySchema,
  setEmailBodySchema,
  submitOtpBodySchema,
  tokenBodySchema,
  userResponseSchema,
} from '../identity';
import { saveCardBodySchema, savedPaymentMethodResponseSchema } from '../saved-payment-method';
import { sessionResponseSchema } from '../session';
import { callQuery, idParams, textParam } from './query';
import { defineRoute } from './route';

/** Who is calling (identity §7): the user, the session, login, password reset. */

/** GET my/identity/saved_payment_method (identity §7, uncached): the card auto-renew charges. */
export const savedPaymentMethodRoute = defineRoute({
  method: 'GET',
  url: '/api/my/identity/saved_payment_method',
  schema: { querystring: callQuery({}), response: { 200: savedPaymentMethodResponseSchema } },
});

/** POST my/identity/saved_payment_method: replaces the saved card, no payment (decision 0067). */
export const replaceSavedPaymentMethodRoute = defineRoute({
  method: 'POST',
  url: '/api/my/identity/saved_payment_method',
  schema: {
    querystring: callQuery({}),
    body: saveCardBodySchema,
    response: { 201: savedPaymentMethodResponseSchema },
  },
});

/** GET my/user (optionally `_embed=identity`): the logged-in person. */
export const myUserRoute = defineRoute({
  method: 'GET',
  url: '/api/my/user',
  schema: { querystring: callQuery({ _embed: textParam }), response: { 200: userResponseSchema } },
});

/** PUT my/user/email: only for users without a valid e-mail; 409 conflict. */
export const setEmailRoute = defineRoute({
  method: 'PUT',
  url: '/api/my/user/email',
  schema: { body: setEmailBodySchema, response: { 200: userResponseSchema } },
});

/** PATCH my/user/{id}: the contact fields (decision 0040). */
export const patchUserRoute = defineRoute({
  method: 'PATCH',
  url: '/api/my/user/:userId',
  schema: {
    params: idParams('userId'),
    body: patchUserBodySchema,
    response: { 200: userResponseSchema },
  },
});

/** GET my/session: who the requests act as. */
export const mySessionRoute = defineRoute({
  method: 'GET',
  url: '/api/my/session',
  schema: { querystring: callQuery({}), response: { 200: sessionResponseSchema } },
});

/** POST login (password, or a cart to move): the new session. */
export const loginRoute = defineRoute({
  method: 'POST',
  url: '/api/login',
  schema: { body: loginBodySchema, response: { 200: loginResponseSchema } },
});

/** POST login/request_otp: the token a passcode is submitted with. */
export const requestOtpRoute = defineRoute({
  method: 'POST',
  url: '/api/login/request_otp',
  schema: { body: requestOtpBodySchema, response: { 200: otpRequestResponseSchema } },
});

/** POST login/otp: the token and the six digits. */
export const submitOtpRoute = defineRoute({
  method: 'POST',
  url: '/api/login/otp',
  schema: { body: submitOtpBodySchema, response: { 200: loginResponseSchema } },
});

/** POST logout `{}`: the anonymous session that follows. */
export const logoutRoute = defineRoute({
  method: 'POST',
  url: '/api/logout',
  schema: { body: z.object({}), response: { 200: loginResponseSchema } },
});

/** POST password_reset/request: the same answer for any e-mail. */
export const passwordResetRequestRoute = defineRoute({
  method: 'POST',
  url: '/api/password_reset/request',
  schema: { body: emailBodySchema, response: { 200: acceptedResponseSchema } },
});

/** POST password_reset/validate: whether a reset link still works (404 / 422 when not). */
export const passwordResetValidateRoute = defineRoute({
  method: 'POST',
  url: '/api/password_reset/validate',
  schema: { body: tokenBodySchema, response: { 200: identityResponseSchema } },
});

/** POST password_reset/reset: the new password. */
export const passwordResetRoute = defineRoute({
  method: 'POST',
  url: '/api/password_reset/reset',
  schema: { body: resetPasswordBodySchema, response: { 200: identityResponseSchema } },
});

/** POST ticket_order/resend: the orders (or only memberships) of an e-mail, mailed again. */
export const resendOrdersRoute = defineRoute({
  method: 'POST',
  url: '/api/ticket_order/resend',
  schema: { body: resendBodySchema, response: { 200: acceptedResponseSchema } },
});
