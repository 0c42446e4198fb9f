import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { expect, it } from 'vitest';
import { storefrontHost } from './routes';

// the host reads `app.sellers`: Fastify checks the order at registration (issue #23), so a
// host registered before the seller service fails at boot instead of on a visitor's page
it('refuses to register the storefront host before the sellers-service plugin', async () => {
  const app = Fastify();
  // the host's other dependency (the start gate, decision 0082) in place: only the order is wrong
  await app.register(fp(async () => {}, { name: 'start-gate' }));
  await expect(app.register(storefrontHost).ready()).rejects.toThrow(/sellers-service/);
  await app.close();
});
