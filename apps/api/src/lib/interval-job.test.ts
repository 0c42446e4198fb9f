import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIntervalJob } from './interval-job';

describe('startIntervalJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never overlaps a slow run, keeps going after an error, and stop waits for the run', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const errors: unknown[] = [];
    const job = startIntervalJob({
      intervalMs: 100,
      onError: (err) => errors.push(err),
      run: async () => {
        runs++;
        active++;
        maxActive = Math.max(maxActive, active);
        try {
          if (runs === 1) throw new Error('first run fails');
          await new Promise<void>((resolve) => (release = resolve));
        } finally {
          active--;
        }
      },
    });
    await vi.advanceTimersByTimeAsync(100); // run 1 fails
    await vi.advanceTimersByTimeAsync(100); // run 2 starts and waits
    await vi.advanceTimersByTimeAsync(500); // ticks while run 2 is still going: skipped
    expect(runs).toBe(2);
    expect(maxActive).toBe(1);
    expect(errors).toHaveLength(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
  });
});
