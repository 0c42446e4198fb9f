import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createUserBodySchema,
  patchUserBodySchema,
  setEmailBodySchema,
  userResponseSchema,
  type UserResponse,
} from '@admit/contracts/identity';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { resolveSeller } from '@/http/request-context';
import { createUserService } from './service';

const userQuery: QuerySpec = { context: 'user', fields: {}, embeds: ['identity', 'identity.meta'] };
const writeQuery: QuerySpec = { context: 'user', fields: {} };
const idParams = z.object({ id: z.string().max(100) });

/** Registers the account calls of identity §7 under /api (never cached). */
export function registerUserRoutes(app: FastifyInstance) {
  const service = createUserService({ db: app.deps.database.db, now: () => app.deps.now() });

  async function callerOf(request: FastifyRequest, spec = writeQuery) {
    const query = parseQuery(spec, request.query as Record<string, string>);
    const seller = await resolveSeller(app, query.seller);
    const identity = await app.identities.forRequest(request, seller);
    return { seller, identity, query };
  }

  const send = (reply: FastifyReply, body: UserResponse, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').send(userResponseSchema.parse(body));

  // spec: identity §8 — the 409 for a taken e-mail stays; the call is limited (decision 0025)
  const createUser = {
    schema: { body: createUserBodySchema },
    config: { callLimit: 'register' },
  } as const;
  app.post('/api/user', createUser, async (request, reply) => {
    const { seller } = await callerOf(request);
    return send(
      reply,
      await service.createUser(seller, createUserBodySchema.parse(request.body)),
      201,
    );
  });

  app.put('/api/my/user', { schema: { body: createUserBodySchema } }, async (request, reply) => {
    const { identity } = await callerOf(request);
    const body = createUserBodySchema.parse(request.body);
    return send(reply, await service.completeOwnAccount(identity, body));
  });

  app.get('/api/my/user', async (request, reply) => {
    const { identity, query } = await callerOf(request, userQuery);
    return send(reply, await service.getOwnAccount(identity, query.embeds));
  });

  app.put(
    '/api/my/user/email',
    { schema: { body: setEmailBodySchema } },
    async (request, reply) => {
      const { identity } = await callerOf(request);
      return send(
        reply,
        await service.setOwnEmail(identity, setEmailBodySchema.parse(request.body)),
      );
    },
  );

  app.patch(
    '/api/my/user/:id',
    { schema: { body: patchUserBodySchema } },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const { identity } = await callerOf(request);
      const body = patchUserBodySchema.parse(request.body);
      return send(reply, await service.patchOwnAccount(identity, id, body));
    },
  );
}
