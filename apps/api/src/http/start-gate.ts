import fp from 'fastify-plugin';
import { transientRefusal } from './app-error';

/** Seconds a client refused while the server starts is told to wait (`Retry-After`). */
export const STARTING_RETRY_AFTER_S = 5;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** answered while the server starts (GET /health, GET /ready); every other route is 503 */
    servesWhileStarting?: boolean;
  }
  interface FastifyInstance {
    startGate: StartGate;
  }
}

/**
 * Whether the server takes traffic yet (decision 0082). main.ts listens first, so a supervisor
 * sees a live process at once, and opens the gate once the database is migrated (and seeded);
 * until then every route but the supervisor's two answers 503 in the error envelope.
 */
export interface StartGate {
  isOpen(): boolean;
  /** work that must end before traffic is taken (jobs start, the SSR bundle loads), in order */
  whenOpening(task: () => void | Promise<void>): void;
  /** runs those tasks and opens; false (and nothing more runs) once the app has begun closing */
  open(): Promise<boolean>;
}

export interface StartGateOptions {
  /** main.ts opens the gate itself after migrating; otherwise (tests) it opens on `ready` */
  held: boolean;
}

export const startGate = fp<StartGateOptions>(
  async (app, { held }) => {
    const tasks: (() => void | Promise<void>)[] = [];
    let opened = false;
    let closing = false;
    const gate: StartGate = {
      isOpen: () => opened,
      whenOpening: (task) => void tasks.push(task),
      async open() {
        for (const task of tasks) {
          // checked before each task: a job started after `onClose` stopped the jobs would
          // run on a closed database
          if (closing) return false;
          await task();
        }
        if (closing) return false;
        opened = true;
        return true;
      },
    };
    app.decorate('startGate', gate);
    if (!held) app.addHook('onReady', async () => void (await gate.open()));
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (request, reply) => {
      if (opened || request.routeOptions.config.servesWhileStarting) return;
      reply.header('retry-after', String(STARTING_RETRY_AFTER_S));
      throw transientRefusal('The server is starting');
    });
  },
  { name: 'start-gate', dependencies: ['error-handling'] },
);
