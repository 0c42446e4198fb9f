import type { FastifyInstance } from 'fastify';
import type { Database } from './db/connection';
import type { StartUp } from './start-up';

/**
 * The graceful stop on SIGTERM and SIGINT (decision 0073), in this order: the server stops
 * accepting and answers the requests in flight (`app.close()`; its port closes first and its
 * kept-alive connections are left to end, http/connection-drain.ts, decision 0090; a request
 * arriving meanwhile on one gets the 503 of http/error-handler.ts), the background jobs finish the
 * item they are on and hand back what they claimed (jobs/registry.ts stops them in `onClose`),
 * then start-up's step in progress ends (a migration or the demo seed is never cut short; the
 * steps after it are skipped, decision 0082), then the database closes and the process exits 0
 * (1 when a step failed). A second signal exits at once: the operator's way out of a stop that
 * hangs.
 */
export function stopOnSignals(
  app: FastifyInstance,
  database: Database,
  exit: (code: number) => void = (code) => process.exit(code),
  startUp?: Pick<StartUp, 'stop'>,
) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      exit(1);
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      await startUp?.stop();
      await database.close();
      app.log.info('shut down');
      exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutting down failed');
      exit(1);
    }
  };
  const listeners = (['SIGTERM', 'SIGINT'] as const).map((signal) => {
    const listener = () => void stop(signal);
    process.on(signal, listener);
    return [signal, listener] as const;
  });
  // the listeners' removal (tests)
  return () => {
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
}
