import { describe, expect, it } from 'vitest';
import { createNoticeBatcher } from './notice-batcher';

/** A send the test finishes by hand, recording what each send carried. */
function manualSend() {
  const sends: string[][] = [];
  const finish: ((lsn: bigint | null) => void)[] = [];
  const fail: ((error: Error) => void)[] = [];
  const send = (scopes: string[]) =>
    new Promise<bigint | null>((resolve, reject) => {
      sends.push(scopes);
      finish.push(resolve);
      fail.push(reject);
    });
  return { sends, finish, fail, send };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('cache notices sent together (decision 0103)', () => {
  it('sends what one turn of the event loop queued as one notice', async () => {
    const m = manualSend();
    const batcher = createNoticeBatcher(m.send);
    const first = batcher.notice(['event_session:a', 'event:e']);
    const second = batcher.notice(['event_session:b', 'event:e']);
    expect(m.sends).toEqual([]);
    await turn();
    expect(m.sends).toEqual([['event_session:a', 'event:e', 'event_session:b']]);
    m.finish[0]!(7n);
    expect(await first).toBe(7n);
    expect(await second).toBe(7n);
    await batcher.idle();
  });

  it('keeps one send in flight: what arrives meanwhile goes in the next, once', async () => {
    const m = manualSend();
    const batcher = createNoticeBatcher(m.send);
    const first = batcher.notice(['event_session:a']);
    await turn();
    const during = [
      batcher.notice(['event_session:a']),
      batcher.notice(['event_session:b']),
      batcher.notice(['event_session:b']),
    ];
    await turn();
    // the write after the first send began is noticed again, in the second send
    expect(m.sends).toEqual([['event_session:a']]);
    m.finish[0]!(1n);
    expect(await first).toBe(1n);
    await turn();
    expect(m.sends).toEqual([['event_session:a'], ['event_session:a', 'event_session:b']]);
    m.finish[1]!(2n);
    expect(await Promise.all(during)).toEqual([2n, 2n, 2n]);
    await batcher.idle();
    expect(m.sends).toHaveLength(2);
  });

  it('answers null when a send fails, and sends the next batch all the same', async () => {
    const m = manualSend();
    const batcher = createNoticeBatcher(m.send);
    const lost = batcher.notice(['seller:s']);
    await turn();
    const next = batcher.notice(['event_session:a']);
    m.fail[0]!(new Error('connection refused'));
    expect(await lost).toBeNull();
    await turn();
    m.finish[1]!(3n);
    expect(await next).toBe(3n);
  });

  it('sends nothing for no scopes', async () => {
    const m = manualSend();
    const batcher = createNoticeBatcher(m.send);
    expect(await batcher.notice([])).toBeNull();
    await batcher.idle();
    expect(m.sends).toEqual([]);
  });
});
