export interface IntervalJob {
  /** stops the timer and waits for a run still in progress */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` (unref'd: it never keeps the process alive). A run still going
 * when the next tick comes is not doubled; errors go to `onError` and the job keeps running.
 */
export function startIntervalJob(options: {
  intervalMs: number;
  run: () => Promise<unknown>;
  onError: (err: unknown) => void;
}): IntervalJob {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = options
      .run()
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
