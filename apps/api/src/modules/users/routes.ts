import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserBodySchema,
  patchUserBodySchema,
  setEmailBodySchema,
  userResponseSchema,
} from '@admit/contracts/identity';
import { rawQuerySchema } from '@/http/parse-input';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';

const userQuery: QuerySpec = { context: 'user', fields: {}, embeds: ['identity', 'identity.meta'] };
const writeQuery: QuerySpec = { context: 'user', fields: {} };
const idParams = z.object({ id: z.string().max(100) });
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

  app.get(
    '/api/my/user',
    { schema: { querystring: rawQuerySchema, response }, config },
    async (request, reply) => {
      const query = parseQuery(userQuery, request.query);
      return noStore(reply).send(
        await app.users.getOwnAccount(request.caller.identity, query.embeds),
      );
    },
  );

  app.put(
    '/api/my/user/email',
    { schema: { querystring: rawQuerySchema, body: setEmailBodySchema, response }, config },
    async (request, reply) => {
      parseQuery(writeQuery, request.query);
      return noStore(reply).send(
        await app.users.setOwnEmail(request.caller.identity, request.body),
      );
    },
  );

  app.patch(
    '/api/my/user/:id',
    {
      schema: {
        querystring: rawQuerySchema,
        params: idParams,
        body: patchUserBodySchema,
        response,
      },
      config,
    },
    async (request, reply) => {
      parseQuery(writeQuery, request.query);
      const { id } = request.params;
      return noStore(reply).send(
        await app.users.patchOwnAccount(request.caller.identity, id, request.body),
      );
    },
  );
};
