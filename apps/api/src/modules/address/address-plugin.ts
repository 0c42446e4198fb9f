import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLoqateClient } from './loqate-client';
import { createAddressService, type AddressService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** the seller's address capture service, proxied (decision 0024): built once */
    address: AddressService;
  }
}

/** The address lookup and its Loqate client, built once (issue #23: routes read `app.address`). */
export const addressPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'address',
      createAddressService({
        db: app.deps.database.db,
        client: createLoqateClient({ baseUrl: app.deps.config.ADDRESS_API_URL }),
      }),
    );
  },
  { name: 'address-service' },
);
