import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressFindQuerySchema,
  addressFindResponseSchema,
  addressRetrieveQuerySchema,
  addressRetrieveResponseSchema,
} from '@admit/contracts/address';
import { toCollection } from '@admit/contracts/envelope';
import { enforceRequestLimits } from '@/modules/limits/request-limits';
import { ADDRESS_LOOKUP_LIMIT } from './service';

/**
 * GET address/find and address/retrieve: the seller's address capture service, proxied
 * (decision 0024), over `app.address` (address-plugin.ts).
 */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
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
    {
      schema: { querystring: addressFindQuerySchema, response: { 200: addressFindResponseSchema } },
      config,
    },
    async (request, reply) => {
      const { _seller: _slug, ...input } = request.query;
      const seller = await sellerWithinLimit(request);
      const suggestions = await app.address.find(seller, input);
      return reply
        .header('cache-control', 'no-store')
        .send({ address_suggestion: toCollection(suggestions) });
    },
  );

  app.get(
    '/api/address/retrieve',
    {
      schema: {
        querystring: addressRetrieveQuerySchema,
        response: { 200: addressRetrieveResponseSchema },
      },
      config,
    },
    async (request, reply) => {
      const seller = await sellerWithinLimit(request);
      const address = await app.address.retrieve(seller, request.query.id);
      return reply.header('cache-control', 'no-store').send({ address: toCollection(address) });
    },
  );
};
