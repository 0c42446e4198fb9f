import fp from 'fastify-plugin';
import helmet from 'helmet';
import { cspDirectives } from './content-security-policy';

/**
 * Helmet's security headers on every answer (content-security-policy.ts has the policy; framing
 * is left to CSP frame-ancestors: this site by default, the seller's own origins on its
 * storefront pages). Helmet's middleware is built ONCE here: @fastify/helmet built it again on
 * every request, parsing the policy's directives each time (decision 0103: ~4 % of a hold's CPU
 * in a rush).
 */
export const securityHeaders = fp<{ errorReporterDsn?: string }>(
  async (app, { errorReporterDsn }) => {
    const apply = helmet({
      frameguard: false,
      contentSecurityPolicy: {
        directives: { ...cspDirectives(errorReporterDsn), upgradeInsecureRequests: null },
      },
    });
    app.addHook('onRequest', (request, reply, next) => {
      apply(request.raw, reply.raw, (error?: unknown) => next(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
