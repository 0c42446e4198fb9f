import fp from 'fastify-plugin';
import { apiKeyResolver } from './service';

/**
 * The seller API's keys (decision 0042): `app.apiKeys`, read by the caller hook for the
 * `seller_api` routes (http/caller.ts), which therefore depends on this plugin.
 */
export const apiKeysPlugin = fp(
  async (app) => {
    app.decorate('apiKeys', apiKeyResolver(app.deps.database.db));
  },
  { name: 'api-keys' },
);
