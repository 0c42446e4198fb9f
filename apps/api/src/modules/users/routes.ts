import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserBodySchema,
  patchUserBodySchema,
  setEmailBodySchema,
  userResponseSchema,
  type UserResponse,
} from '@admit/contracts/identity';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { createUserService } from './service';

const userQuery: QuerySpec = { context: 'user', fields: {}, embeds: ['identity', 'identity.meta'] };
const writeQuery: QuerySpec = { context: 'user', fields: {} };
const idParams = z.object({ id: z.string().max(100) });

/** Registers the account calls of identity §7 under /api (never cached). */
export function registerUserRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createUserService({ db: app.deps.database.db, now: () => app.deps.now() });

  // the seller and the visitor come from the caller hook; the grammar checks the rest
  const queryOf = (request: FastifyRequest, spec = writeQuery) =>
    parseQuery(spec, request.query as Record<string, string>);
  const config = { caller: 'visitor', callerContext: 'user' } as const;

  const send = (reply: FastifyReply, body: UserResponse, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').send(userResponseSchema.parse(body));

  // spec: identity §8 — the 409 for a taken e-mail stays; the call is limited (decision 0025)
  app.post(
    '/api/user',
    { schema: { body: createUserBodySchema }, config: { ...config, caller: 'seller', callLimit: 'register' } },
    async (request, reply) => {
      queryOf(request);
      return send(reply, await service.createUser(request.caller.seller, request.body), 201);
    },
  );

  app.put(
    '/api/my/user',
    { schema: { body: createUserBodySchema }, config },
    async (request, reply) => {
      queryOf(request);
      return send(reply, await service.completeOwnAccount(request.caller.identity, request.body));
    },
  );

  app.get('/api/my/user', { config }, async (request, reply) => {
    const query = queryOf(request, userQuery);
    return send(reply, await service.getOwnAccount(request.caller.identity, query.embeds));
  });

  app.put(
    '/api/my/user/email',
    { schema: { body: setEmailBodySchema }, config },
    async (request, reply) => {
      queryOf(request);
      return send(reply, await service.setOwnEmail(request.caller.identity, request.body));
    },
  );

  app.patch(
    '/api/my/user/:id',
    { schema: { body: patchUserBodySchema, params: idParams }, config },
    async (request, reply) => {
      queryOf(request);
      const { id } = request.params;
      return send(reply, await service.patchOwnAccount(request.caller.identity, id, request.body));
    },
  );
}
