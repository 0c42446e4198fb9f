import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressFindQuerySchema, addressRetrieveQuerySchema } from '@admit/contracts/address';
import { toCollection } from '@admit/contracts/envelope';
import { addressFindRoute, addressRetrieveRoute } from '@admit/contracts/routes/checkout';
import { fromTable } from '@/http/table-route';
import { enforceRequestLimits } from '@/modules/limits/request-limits';
import { ADDRESS_LOOKUP_LIMIT } from './service';

/**
 * GET address/find and address/retrieve: the seller's address capture service, proxied
 * (decision 0024), over `app.address` (address-plugin.ts).
 */
// method, url and answers from the contracts route table (decision 0050); the query is checked
// by the lookup's own schema (the table's types the storefront's input, `_seller` added by it)
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

  app.route({
    ...fromTable(addressFindRoute, { querystring: addressFindQuerySchema }),
    config: config,
    handler: async (request, reply) => {
      const { _seller: _slug, ...input } = request.query;
      const seller = await sellerWithinLimit(request);
      const suggestions = await app.address.find(seller, input);
      return reply
        .header('cache-control', 'no-store')
        .send({ address_suggestion: toCollection(suggestions) });
    },
  });

  app.route({
    ...fromTable(addressRetrieveRoute, { querystring: addressRetrieveQuerySchema }),
    config: config,
    handler: async (request, reply) => {
      const seller = await sellerWithinLimit(request);
      const address = await app.address.retrieve(seller, request.query.id);
      return reply.header('cache-control', 'no-store').send({ address: toCollection(address) });
    },
  });
};
