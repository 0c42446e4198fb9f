import type { ClientErrorBody } from '@admit/contracts/client-errors';
import { clientErrorsRoute } from '@admit/contracts/routes/client-errors';
import { call } from '@/api/client';

/** POST client_errors (decision 0061): the server logs the report. */
export async function sendReport(report: ClientErrorBody): Promise<void> {
  await call(clientErrorsRoute, { body: report });
}
