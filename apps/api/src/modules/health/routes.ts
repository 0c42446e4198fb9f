import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import { appliedMigrationCount, shippedMigrationCount } from '@/db/migration-state';
import { AppError, transientRefusal } from '@/http/app-error';
import { createReadinessProbe } from './readiness';

const REASONS = {
  not_migrated: 'The database has not been migrated to this version yet',
  database_unreachable: 'The database cannot be reached',
} as const;

// both answer while the server starts (http/start-gate.ts): they are how a supervisor watches it
const whileStarting = { servesWhileStarting: true };

/**
 * The supervisor's two questions (decision 0073). `GET /health`: is the process alive (no
 * database, so a slow database never gets a live server restarted). `GET /ready`: may it take
 * traffic: 200 once the database answers and has every migration of this build, else 503 in
 * the error envelope, and 503 too while start-up has not opened the server to traffic (the demo
 * seed, the SSR bundle, decision 0082); while shutting down every request, this one too, is answered 503
 * (http/error-handler.ts), so a load balancer stops sending before the server goes.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const probe = createReadinessProbe({
    applied: () => appliedMigrationCount(db),
    shipped: await shippedMigrationCount(),
  });

  app.get(
    '/health',
    {
      config: whileStarting,
      schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: whileStarting,
      schema: {
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await probe.check();
      reply.header('cache-control', 'no-store');
      if (!readiness.ready) {
        const reason = REASONS[readiness.reason];
        // migrating is part of every start; an unreachable database is a fault worth an error
        throw readiness.reason === 'not_migrated'
          ? transientRefusal(reason, 'database')
          : new AppError('service_unavailable', 'database', reason);
      }
      if (!app.startGate.isOpen()) throw transientRefusal('The server is starting');
      return { status: 'ready' as const };
    },
  );
};
