import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUserBodySchema, userResponseSchema } from '@admit/contracts/identity';
import { myUserRoute, patchUserRoute, setEmailRoute } from '@admit/contracts/routes/identity';
import { rawQuerySchema } from '@/http/parse-input';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';

const userQuery: QuerySpec = { context: 'user', fields: {}, embeds: ['identity', 'identity.meta'] };
const writeQuery: QuerySpec = { context: 'user', fields: {} };
const response = { 200: userResponseSchema };

/** The account calls of identity §7 under /api (never cached), over `app.users` (users-plugin.ts). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { caller: 'visitor', callerContext: 'user' } as const;

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  // spec: identity §8 — the 409 for a taken e-mail stays; the call is limited (decision 0025)
  app.post(
    '/api/user',
    {
      schema: {
        querystring: rawQuerySchema,
        body: createUserBodySchema,
        response: { 201: userResponseSchema },
      },
      config: { ...config, caller: 'seller', callLimit: 'register' },
    },
    async (request, reply) => {
      // the seller and the visitor come from the caller hook; the grammar checks the rest
      parseQuery(writeQuery, request.query);
      const body = await app.users.createUser(request.caller.seller, request.body);
      return noStore(reply).status(201).send(body);
    },
  );

  app.put(
    '/api/my/user',
    { schema: { querystring: rawQuerySchema, body: createUserBodySchema, response }, config },
    async (request, reply) => {
      parseQuery(writeQuery, request.query);
      return noStore(reply).send(
        await app.users.completeOwnAccount(request.caller.identity, request.body),
      );
    },
  );

  // the storefront's calls: method, url and schemas from the contracts route table (decision 0050)
  app.route({
    ...fromTable(myUserRoute),
    config,
    handler: async (request, reply) => {
      const query = parseQuery(userQuery, request.query);
      return noStore(reply).send(
        await app.users.getOwnAccount(request.caller.identity, query.embeds),
      );
    },
  });

  app.route({
    ...fromTable(setEmailRoute),
    config,
    handler: async (request, reply) => {
      parseQuery(writeQuery, request.query);
      return noStore(reply).send(
        await app.users.setOwnEmail(request.caller.identity, request.body),
      );
    },
  });

  app.route({
    ...fromTable(patchUserRoute),
    config,
    handler: async (request, reply) => {
      parseQuery(writeQuery, request.query);
      const { userId } = request.params;
      return noStore(reply).send(
        await app.users.patchOwnAccount(request.caller.identity, userId, request.body),
      );
    },
  });
};
