import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { storefrontHost } from './routes';

// the host reads `app.sellers`: Fastify checks the order at registration (issue #23), so a
// host registered before the seller service fails at boot instead of on a visitor's page
it('refuses to register the storefront host before the sellers-service plugin', async () => {
  const app = Fastify();
  await expect(app.register(storefrontHost).ready()).rejects.toThrow(/sellers-service/);
  await app.close();
});
