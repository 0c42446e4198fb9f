import { clientErrorBodySchema } from '../client-errors';
import { CLIENT_ERRORS_PATH } from '../rules/error-reporting';
import { noContent } from './query';
import { defineRoute } from './route';

/**
 * POST client_errors: the storefront's error report when no Sentry DSN is configured (identity
 * §8, decision 0061); logged by the server, limited per address, answered 204.
 */
export const clientErrorsRoute = defineRoute({
  method: 'POST',
  url: CLIENT_ERRORS_PATH,
  schema: { body: clientErrorBodySchema, response: { 204: noContent } },
});
