import {
  memberActionBodySchema,
  memberExtendBodySchema,
  officeMembersResponseSchema,
} from '../office-members';
import { callQuery, idParams, textParam } from './query';
import { defineRoute } from './route';

/** The office's member routes (owner, box office; decision 0089). */

/** GET /api/office/member?q=…: members by name, e-mail or member ID (at most 20). */
export const officeMembersRoute = defineRoute({
  method: 'GET',
  url: '/api/office/member',
  schema: {
    querystring: callQuery({ q: textParam }),
    response: { 200: officeMembersResponseSchema },
  },
});

/** POST /api/office/membership/{id}/auto_renew_cancel: the term's scheduled auto-renew. */
export const officeMemberAutoRenewCancelRoute = defineRoute({
  method: 'POST',
  url: '/api/office/membership/:membershipId/auto_renew_cancel',
  schema: {
    params: idParams('membershipId'),
    querystring: callQuery({}),
    body: memberActionBodySchema,
    response: { 200: officeMembersResponseSchema },
  },
});

/** POST /api/office/membership/{id}/card_resend: the member-ID mail to the holder again. */
export const officeMemberCardResendRoute = defineRoute({
  method: 'POST',
  url: '/api/office/membership/:membershipId/card_resend',
  schema: {
    params: idParams('membershipId'),
    querystring: callQuery({}),
    body: memberActionBodySchema,
    response: { 200: officeMembersResponseSchema },
  },
});

/** PATCH /api/office/membership/{id}: extends the term to a later `valid_to`. */
export const officeMemberExtendRoute = defineRoute({
  method: 'PATCH',
  url: '/api/office/membership/:membershipId',
  schema: {
    params: idParams('membershipId'),
    querystring: callQuery({}),
    body: memberExtendBodySchema,
    response: { 200: officeMembersResponseSchema },
  },
});
