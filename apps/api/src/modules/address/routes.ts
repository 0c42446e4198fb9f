import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addressFindQuerySchema,
  addressFindResponseSchema,
  addressRetrieveQuerySchema,
  addressRetrieveResponseSchema,
} from '@admit/contracts/address';
import { toCollection } from '@admit/contracts/envelope';
import { resolveSeller } from '@/http/request-context';
import { enforceRequestLimits } from '@/modules/limits/request-limits';
import { createLoqateClient } from './loqate-client';
import { ADDRESS_LOOKUP_LIMIT, createAddressService } from './service';

/** GET address/find and address/retrieve: the seller's address capture service, proxied (decision 0024). */
export function registerAddressRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  const service = createAddressService({
    db,
    client: createLoqateClient({ baseUrl: app.deps.config.ADDRESS_API_URL }),
  });
  const sellerWithinLimit = async (request: FastifyRequest, slug: string) => {
    const seller = await resolveSeller(app, slug);
    await enforceRequestLimits(
      db,
      'address',
      [{ key: `address:ip:${request.ip}`, ...ADDRESS_LOOKUP_LIMIT }],
      app.deps.now(),
    );
    return seller;
  };

  app.get(
    '/api/address/find',
    { schema: { querystring: addressFindQuerySchema } },
    async (request, reply) => {
      const { _seller, ...input } = addressFindQuerySchema.parse(request.query);
      const seller = await sellerWithinLimit(request, _seller);
      const suggestions = await service.find(seller, input);
      const body = addressFindResponseSchema.parse({
        address_suggestion: toCollection(suggestions),
      });
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    '/api/address/retrieve',
    { schema: { querystring: addressRetrieveQuerySchema } },
    async (request, reply) => {
      const { _seller, id } = addressRetrieveQuerySchema.parse(request.query);
      const seller = await sellerWithinLimit(request, _seller);
      const body = addressRetrieveResponseSchema.parse({
        address: toCollection(await service.retrieve(seller, id)),
      });
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
}
