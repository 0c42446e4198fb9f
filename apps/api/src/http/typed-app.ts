import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The app as every module's plugin sees it. With the zod type provider the route's body, query,
 * params and reply are typed from the route's own schemas, so a handler never casts
 * `request.body as …` (issue #23). Module plugins are `FastifyPluginAsyncZod`s
 * (fastify-type-provider-zod), which receive this instance.
 */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
