import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './db/connection';
import { stopOnSignals } from './shutdown';

/** The stop's order and its exits, on stand-ins (graceful-stop.test.ts runs the real server). */
describe('stopOnSignals', () => {
  let remove = () => {};
  afterEach(() => remove());

  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  it('closes the app, then the database, then exits 0', async () => {
    const steps: string[] = [];
    const exited = new Promise<number>((resolve) => {
      remove = stopOnSignals(
        { log, close: async () => void steps.push('app') } as unknown as FastifyInstance,
        { close: async () => void steps.push('database') } as unknown as Database,
        (code) => resolve(code),
      );
    });
    process.emit('SIGTERM');
    expect(await exited).toBe(0);
    expect(steps).toEqual(['app', 'database']);
  });

  it('waits for the start-up step in progress after the app and before the database', async () => {
    const steps: string[] = [];
    let endStep = () => {};
    const step = new Promise<void>((resolve) => (endStep = resolve));
    const exited = new Promise<number>((resolve) => {
      remove = stopOnSignals(
        { log, close: async () => void steps.push('app') } as unknown as FastifyInstance,
        { close: async () => void steps.push('database') } as unknown as Database,
        (code) => resolve(code),
        { stop: () => step.then(() => void steps.push('start-up')) },
      );
    });
    process.emit('SIGTERM');
    await new Promise((r) => setTimeout(r, 0));
    expect(steps).toEqual(['app']);
    endStep();
    expect(await exited).toBe(0);
    expect(steps).toEqual(['app', 'start-up', 'database']);
  });

  it('exits 1 at once on a second signal while the first stop hangs', async () => {
    const exit = vi.fn();
    const database = { close: vi.fn() };
    remove = stopOnSignals(
      { log, close: () => new Promise(() => {}) } as unknown as FastifyInstance,
      database as unknown as Database,
      exit,
    );
    process.emit('SIGINT');
    await Promise.resolve();
    expect(exit).not.toHaveBeenCalled();
    process.emit('SIGTERM');
    expect(exit).toHaveBeenCalledWith(1);
    expect(database.close).not.toHaveBeenCalled();
  });

  it('exits 1 when a step fails', async () => {
    const exited = new Promise<number>((resolve) => {
      remove = stopOnSignals(
        { log, close: async () => {} } as unknown as FastifyInstance,
        { close: () => Promise.reject(new Error('gone')) } as unknown as Database,
        (code) => resolve(code),
      );
    });
    process.emit('SIGTERM');
    expect(await exited).toBe(1);
  });
});
