import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer (http/content-security-policy.ts has the policy).
 * Helmet's middleware is built ONCE here: @fastify/helmet built it again on every request,
 * parsing the policy's directives each time (decision 0103: ~4 % of a hold's CPU in a rush).
 */
export const securityHeaders = fp<{ options: HelmetOptions }>(
  async (app, { options }) => {
    const apply = helmet(options);
    app.addHook('onRequest', (request, reply, next) => {
      apply(request.raw, reply.raw, (error?: unknown) => next(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
