import { access } from 'node:fs/promises';

/** One step of start-up; `signal` aborts when a stop is asked for (only waits may heed it). */
export type StartUpStep = (signal: AbortSignal) => Promise<void>;

export interface StartUp {
  /** true when every step ran, false when a stop cut the rest; rejects when a step threw */
  done: Promise<boolean>;
  /** no step starts after this; resolves once the step in progress has ended (decision 0082) */
  stop(): Promise<void>;
}

/**
 * The work between `listen` and taking traffic (main.ts: migrate, seed the demo, check the
 * gateways, open the start gate), run in order behind the listening server. A stop never cuts
 * a step short: a migration or the demo seed interrupted halfway would leave the database
 * half-made (PGlite's files mid-write, a demo with sellers the seed then never completes), so
 * the step in progress ends and the ones after it are skipped. Waits (the test hold) heed the
 * signal and end at once (waiting for another server's migration lock too, which ends in an
 * AbortError).
 */
export function runStartUp(steps: StartUpStep[]): StartUp {
  const controller = new AbortController();
  const done = (async () => {
    for (const step of steps) {
      if (controller.signal.aborted) return false;
      try {
        await step(controller.signal);
      } catch (error) {
        // a wait the stop ended (the hold, another server's migration lock) is no failure
        if (controller.signal.aborted && (error as Error).name === 'AbortError') return false;
        throw error;
      }
    }
    return !controller.signal.aborted;
  })();
  return {
    done,
    async stop() {
      controller.abort();
      // a failed start-up is main.ts's to report; the stop only waits for it to end
      await done.catch(() => {});
    },
  };
}

/**
 * The tests' hold (STARTUP_HOLD_FILE): waits while `path` exists, so a test sees the listening
 * server before it migrates for certain, not by timing; a stop ends the wait.
 */
export async function waitWhileExists(path: string, signal: AbortSignal, pollMs = 50) {
  while (!signal.aborted) {
    const exists = await access(path).then(
      () => true,
      () => false,
    );
    if (!exists || signal.aborted) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    });
  }
}
