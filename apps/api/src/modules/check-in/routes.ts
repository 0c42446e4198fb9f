import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCollection } from '@admit/contracts/envelope';
import { checkInRoute } from '@admit/contracts/routes/seller-api';
import {
  checkInBodySchema,
  scanCodeSchema,
  sellerTicketsResponseSchema,
} from '@admit/contracts/seller-api';
import { AppError } from '@/http/app-error';
import { parseInput } from '@/http/parse-input';
import { fromTable } from '@/http/table-route';
import { toSellerTicket } from '@/modules/seller-orders/service';
import { checkIn, lookUpCode } from './service';

const config = { caller: 'seller_api' } as const;
const codeParams = z.object({ code: scanCodeSchema });

/**
 * Check-in at the door (decision 0042): POST /admin/api/check_in redeems what a scanned code
 * names; GET /admin/api/ticket/{code} shows it without redeeming. Another seller's code is an
 * unknown one. Body and code are parsed after the caller hook: without a key, a 401 first.
 */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.route({
    ...fromTable(checkInRoute, { bodyByHandler: true }),
    config,
    handler: async (request, reply) => {
      const { seller, apiKey } = request.caller;
      const results = await checkIn(db, {
        seller,
        apiKey: apiKey!,
        body: parseInput(checkInBodySchema, request.body),
        now: app.deps.now(),
        log: request.log,
      });
      return reply.header('cache-control', 'no-store').send({ check_in: toCollection(results) });
    },
  });

  app.get(
    '/admin/api/ticket/:code',
    { schema: { response: { 200: sellerTicketsResponseSchema } }, config },
    async (request, reply) => {
      const { code } = parseInput(codeParams, request.params);
      const found = await lookUpCode(db, request.caller.seller.id, code);
      if (found?.kind !== 'tickets') {
        throw new AppError('not_found', 'ticket', 'No ticket or order has this code', { code });
      }
      return reply
        .header('cache-control', 'no-store')
        .send({ ticket: toCollection(found.rows.map(toSellerTicket)) });
    },
  );
};
