import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addressFindQuerySchema,
  addressFindResponseSchema,
  addressRetrieveQuerySchema,
  addressRetrieveResponseSchema,
} from '@admit/contracts/address';
import { toCollection } from '@admit/contracts/envelope';
import { enforceRequestLimits } from '@/modules/limits/request-limits';
import { createLoqateClient } from './loqate-client';
import { ADDRESS_LOOKUP_LIMIT, createAddressService } from './service';

/** GET address/find and address/retrieve: the seller's address capture service, proxied (decision 0024). */
export function registerAddressRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const service = createAddressService({
    db,
    client: createLoqateClient({ baseUrl: app.deps.config.ADDRESS_API_URL }),
  });
  const config = { caller: 'seller', callerContext: 'address' } as const;
  const sellerWithinLimit = async (request: FastifyRequest) => {
    const { seller } = request.caller;
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
    { schema: { querystring: addressFindQuerySchema }, config },
    async (request, reply) => {
      const { _seller: _slug, ...input } = request.query;
      const seller = await sellerWithinLimit(request);
      const suggestions = await service.find(seller, input);
      const body = addressFindResponseSchema.parse({
        address_suggestion: toCollection(suggestions),
      });
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    '/api/address/retrieve',
    { schema: { querystring: addressRetrieveQuerySchema }, config },
    async (request, reply) => {
      const { id } = request.query;
      const seller = await sellerWithinLimit(request);
      const body = addressRetrieveResponseSchema.parse({
        address: toCollection(await service.retrieve(seller, id)),
      });
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
}
