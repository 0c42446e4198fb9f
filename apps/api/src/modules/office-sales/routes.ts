import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { officeSalesExportRoute, officeSalesRoute } from '@admit/contracts/routes/office-reports';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import { OFFICE_ROLES } from '@/modules/office/office-plugin';
import { salesRangeOf } from './range';
import { salesCsv } from './sales-csv';
import { officeSales } from './service';

/** GET /api/office/sales and /sales/export (decision 0088): owner and box office. */

const spec: QuerySpec = { context: 'sales', fields: {}, options: ['_from', '_to', '_interval'] };
const config = { caller: 'seller', callerContext: 'sales' } as const;

export const officeSalesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const boxOffice = app.requireStaff(OFFICE_ROLES.boxOffice);

  app.route({
    ...fromTable(officeSalesRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      const { options } = parseQuery(spec, request.query);
      const range = salesRangeOf(options, request.caller.seller.timezone, app.deps.now());
      const answer = await officeSales(db, request.caller.seller, range);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeSalesExportRoute),
    config,
    preHandler: boxOffice,
    handler: async (request, reply) => {
      const { options } = parseQuery(spec, request.query);
      const range = salesRangeOf(options, request.caller.seller.timezone, app.deps.now());
      const text = await salesCsv(db, request.caller.seller, range);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="sales-${range.from}-${range.to}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(text);
    },
  });
};
