import { z } from 'zod';
import { officeSalesResponseSchema, officeTodayResponseSchema } from '../office-reports';
import { callQuery, textParam } from './query';
import { defineRoute } from './route';

/** The office's reports (issue #27, decision 0088); the caller as in routes/office.ts. */

/** GET /api/office/today (every role): today's sessions and arrivals in the venue's zone. */
export const officeTodayRoute = defineRoute({
  method: 'GET',
  url: '/api/office/today',
  schema: { querystring: callQuery({}), response: { 200: officeTodayResponseSchema } },
});

/** The range of a sales call: venue-zone dates, both ends included, and the period length. */
const salesQuery = callQuery({ _from: textParam, _to: textParam, _interval: textParam });

/** GET /api/office/sales (owner, box office): the figures by period and by dimension. */
export const officeSalesRoute = defineRoute({
  method: 'GET',
  url: '/api/office/sales',
  schema: { querystring: salesQuery, response: { 200: officeSalesResponseSchema } },
});

/** GET /api/office/sales/export (owner, box office): each sale and refund as CSV, venue times. */
export const officeSalesExportRoute = defineRoute({
  method: 'GET',
  url: '/api/office/sales/export',
  schema: { querystring: salesQuery, response: { 200: z.string() } },
});
