import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runStartUp, waitWhileExists } from './start-up';

/** A step the test ends by hand. */
function heldStep(name: string, ran: string[]) {
  let end = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    end,
    step: async () => {
      ran.push(`${name} started`);
      await ended;
      ran.push(`${name} ended`);
    },
  };
}

describe('runStartUp', () => {
  it('runs every step in order and answers true', async () => {
    const ran: string[] = [];
    const startUp = runStartUp([
      async () => void ran.push('migrate'),
      async () => void ran.push('seed'),
      async () => void ran.push('open'),
    ]);
    expect(await startUp.done).toBe(true);
    expect(ran).toEqual(['migrate', 'seed', 'open']);
  });

  it('lets a stop wait for the step in progress and skips the ones after it', async () => {
    const ran: string[] = [];
    const migrate = heldStep('migrate', ran);
    const startUp = runStartUp([migrate.step, async () => void ran.push('open')]);
    await new Promise((r) => setTimeout(r, 0));
    let stopped = false;
    const stopping = startUp.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 0));
    // the migration is never cut short
    expect(stopped).toBe(false);
    expect(ran).toEqual(['migrate started']);
    migrate.end();
    await stopping;
    expect(await startUp.done).toBe(false);
    expect(ran).toEqual(['migrate started', 'migrate ended']);
  });

  it('counts a wait the stop ended (an AbortError) as stopped, not failed', async () => {
    const startUp = runStartUp([
      (signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        ),
    ]);
    await startUp.stop();
    expect(await startUp.done).toBe(false);
  });

  it('rejects with a failing step, and a stop still ends', async () => {
    const startUp = runStartUp([() => Promise.reject(new Error('no gateway')), async () => {}]);
    await expect(startUp.done).rejects.toThrow('no gateway');
    await startUp.stop();
  });
});

describe('waitWhileExists', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const holdFile = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'admit-hold-'));
    dirs.push(dir);
    const file = join(dir, 'hold');
    await writeFile(file, '');
    return file;
  };

  it('waits while the file exists and ends once it is gone', async () => {
    const file = await holdFile();
    let ended = false;
    const waiting = waitWhileExists(file, new AbortController().signal, 5).then(
      () => (ended = true),
    );
    await new Promise((r) => setTimeout(r, 30));
    expect(ended).toBe(false);
    await rm(file);
    await waiting;
    expect(ended).toBe(true);
  });

  it('ends at once when a stop aborts it, the file still there', async () => {
    const file = await holdFile();
    const controller = new AbortController();
    const waiting = waitWhileExists(file, controller.signal, 60_000);
    controller.abort();
    await waiting;
  });
});
