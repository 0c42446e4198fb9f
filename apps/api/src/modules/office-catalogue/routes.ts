import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  officeApiKeyCreateRoute,
  officeApiKeyRevokeRoute,
  officeApiKeysRoute,
  officeSellerFileImportRoute,
  officeSellerFileRoute,
} from '@admit/contracts/routes/office-catalogue';
import { parseQuery } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import { staffActor } from '@/modules/office/audit';
import { OFFICE_ROLES } from '@/modules/office/office-plugin';
import { IMPORT_BODY_LIMIT } from '@/modules/staff-api/service';
import {
  officeApiKeys,
  officeCreateApiKey,
  officeImport,
  officeRevokeApiKey,
  officeSellerFile,
} from './service';

/**
 * The owner's catalogue routes (decision 0089): the seller file out and in (dry run first),
 * and the seller's API keys for door scanners and integrations.
 */

const fileConfig = { caller: 'seller', callerContext: 'seller_file' } as const;
const keyConfig = { caller: 'seller', callerContext: 'api_key' } as const;
const noQuery = (context: string) => ({ context, fields: {} });

export const officeCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const ownerOnly = app.requireStaff(OFFICE_ROLES.owner);

  app.route({
    ...fromTable(officeSellerFileRoute),
    config: fileConfig,
    preHandler: ownerOnly,
    handler: async (request, reply) => {
      parseQuery(noQuery('seller_file'), request.query);
      const answer = await officeSellerFile(db, request.caller.seller);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeSellerFileImportRoute),
    bodyLimit: IMPORT_BODY_LIMIT,
    config: fileConfig,
    preHandler: ownerOnly,
    handler: async (request, reply) => {
      parseQuery(noQuery('seller_file'), request.query);
      const answer = await officeImport(
        db,
        request.caller.seller,
        request.body,
        staffActor(request),
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeApiKeysRoute),
    config: keyConfig,
    preHandler: ownerOnly,
    handler: async (request, reply) => {
      parseQuery(noQuery('api_key'), request.query);
      const answer = await officeApiKeys(db, request.caller.seller);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeApiKeyCreateRoute),
    config: keyConfig,
    preHandler: ownerOnly,
    handler: async (request, reply) => {
      parseQuery(noQuery('api_key'), request.query);
      const answer = await officeCreateApiKey(
        db,
        request.caller.seller,
        request.body,
        staffActor(request),
        app.deps.now(),
      );
      return reply.code(201).header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeApiKeyRevokeRoute),
    config: keyConfig,
    preHandler: ownerOnly,
    handler: async (request, reply) => {
      parseQuery(noQuery('api_key'), request.query);
      const answer = await officeRevokeApiKey(
        db,
        request.caller.seller,
        request.params.apiKeyId,
        request.body.reason,
        staffActor(request),
        app.deps.now(),
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
};
