import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffApiKeyCreateBodySchema,
  staffApiKeyCreatedSchema,
  staffApiKeyResponseSchema,
  staffApiKeysResponseSchema,
  staffImportQuerySchema,
  staffOfficeUserResponseSchema,
  staffImportResultSchema,
  staffOrdersQuerySchema,
  staffSellerFileSchema,
} from '@admit/contracts/staff-api';
import { staffUserCreateBodySchema } from '@admit/contracts/office';
import { AppError } from '@/http/app-error';
import { bearerKeyOf, sellerQuerySchema } from '@/http/caller';
import { exportOrders } from './orders-export';
import {
  addOfficeStaff,
  createStaffKey,
  exportStaffSellerFile,
  IMPORT_BODY_LIMIT,
  importErrorOf,
  importStaffSellerFile,
  listStaffKeys,
  noSuchSeller,
  revokeStaffKey,
} from './service';
import { isStaffKey, serverStaffKey } from './staff-key';

/**
 * The seller API's staff routes (decision 0074), what `npm run seller` asks of a running server:
 * door-scanner keys, the orders export, the catalogue as a seller file out and in (with a dry
 * run). Every route needs the server's staff key (staff-key.ts): none or a wrong one is a 401, a
 * door-scanner key a 403, both checked before the request is read.
 */

const P = '/admin/api/staff';
const config = { caller: 'seller', callerContext: 'seller' } as const;

const notAuthorized = (description: string) =>
  new AppError('not_authorized', 'staff_key', description, { header: 'authorization' });

export const staffApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const staffKey = await serverStaffKey(app.deps.config);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const given = bearerKeyOf(request);
    if (!given) {
      throw notAuthorized(
        'The staff key is required: Authorization: Bearer <key>, the key in the server’s staff-key file or STAFF_KEY',
      );
    }
    if (isStaffKey(given, staffKey)) return;
    if (await app.apiKeys.authenticate(given, app.deps.now())) {
      throw new AppError(
        'forbidden',
        'staff_key',
        'A door-scanner key cannot use the staff API: use the server’s staff key',
      );
    }
    throw notAuthorized('The staff key is not valid');
  });

  app.get(
    `${P}/api_keys`,
    {
      schema: { querystring: sellerQuerySchema, response: { 200: staffApiKeysResponseSchema } },
      config,
    },
    async (request, reply) => {
      const api_keys = await listStaffKeys(db, request.caller.seller.slug);
      return reply.header('cache-control', 'no-store').send({ api_keys });
    },
  );

  app.post(
    `${P}/api_keys`,
    {
      schema: {
        querystring: sellerQuerySchema,
        body: staffApiKeyCreateBodySchema,
        response: { 200: staffApiKeyCreatedSchema },
      },
      config,
    },
    async (request, reply) => {
      const created = await createStaffKey(
        db,
        request.caller.seller.slug,
        request.body.name,
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    `${P}/api_keys/:id`,
    {
      schema: {
        querystring: sellerQuerySchema,
        params: z.object({ id: z.string() }),
        response: { 200: staffApiKeyResponseSchema },
      },
      config,
    },
    async (request, reply) => {
      const { slug } = request.caller.seller;
      const api_key = await revokeStaffKey(db, slug, request.params.id, app.deps.now());
      return reply.header('cache-control', 'no-store').send({ api_key });
    },
  );

  // the back office's staff (decision 0083): `staff add`, also the first owner of a seller
  app.post(
    `${P}/office_staff`,
    {
      schema: {
        querystring: sellerQuerySchema,
        body: staffUserCreateBodySchema,
        response: { 200: staffOfficeUserResponseSchema },
      },
      config,
    },
    async (request, reply) => {
      const { slug } = request.caller.seller;
      const staff_user = await addOfficeStaff(db, slug, request.body, app.deps.now());
      return reply.header('cache-control', 'no-store').send({ staff_user });
    },
  );

  app.get(
    `${P}/orders`,
    { schema: { querystring: staffOrdersQuerySchema, response: { 200: z.string() } }, config },
    async (request, reply) => {
      const { since, format } = request.query;
      const exported = await exportOrders(
        db,
        request.caller.seller.slug,
        since ? new Date(since) : null,
        format,
      );
      return reply
        .header('cache-control', 'no-store')
        .header('x-admit-orders', String(exported.orders))
        .header('x-admit-tickets', String(exported.tickets))
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .send(exported.text);
    },
  );

  app.get(
    `${P}/seller_file`,
    {
      schema: { querystring: sellerQuerySchema, response: { 200: staffSellerFileSchema } },
      config,
    },
    async (request, reply) => {
      const { slug } = request.caller.seller;
      const exported = await exportStaffSellerFile(db, slug);
      if (!exported) throw noSuchSeller(slug);
      return reply.header('cache-control', 'no-store').send(exported);
    },
  );

  // the file names its seller, which may not exist yet: no `_seller`, no caller
  app.post(
    `${P}/seller_file`,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        querystring: staffImportQuerySchema,
        body: staffSellerFileSchema,
        response: { 200: staffImportResultSchema },
      },
    },
    async (request, reply) => {
      const dryRun = request.query.dry_run === 'true';
      try {
        const result = await importStaffSellerFile(db, request.body, {
          now: app.deps.now(),
          dryRun,
        });
        return await reply.header('cache-control', 'no-store').send(result);
      } catch (error) {
        throw importErrorOf(error);
      }
    },
  );
};
