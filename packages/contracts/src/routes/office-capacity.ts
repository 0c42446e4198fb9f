import {
  capacityEffectResponseSchema,
  closedDateBodySchema,
  sessionCapacitiesResponseSchema,
  sessionCapacityPatchBodySchema,
} from '../office-capacity';
import { callQuery, idParams, textParam } from './query';
import { defineRoute } from './route';

/** The office's capacity routes (owner, box office; decision 0089). */

/** GET /api/office/session_capacity?_ondate=YYYY-MM-DD: the sessions starting that local day. */
export const sessionCapacitiesRoute = defineRoute({
  method: 'GET',
  url: '/api/office/session_capacity',
  schema: {
    querystring: callQuery({ _ondate: textParam }),
    response: { 200: sessionCapacitiesResponseSchema },
  },
});

/** PATCH /api/office/session_capacity/{id}: capacity and/or closed; `dry_run` previews. */
export const sessionCapacityPatchRoute = defineRoute({
  method: 'PATCH',
  url: '/api/office/session_capacity/:eventSessionId',
  schema: {
    params: idParams('eventSessionId'),
    querystring: callQuery({}),
    body: sessionCapacityPatchBodySchema,
    response: { 200: capacityEffectResponseSchema },
  },
});

/** POST /api/office/closed_date: closes or reopens a local date's sessions; `dry_run` previews. */
export const closedDateRoute = defineRoute({
  method: 'POST',
  url: '/api/office/closed_date',
  schema: {
    querystring: callQuery({}),
    body: closedDateBodySchema,
    response: { 200: capacityEffectResponseSchema },
  },
});
