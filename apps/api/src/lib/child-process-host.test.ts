import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childProcessHost } from './child-process-host';

const SANITIZER = new URL('./description-sanitizer-boot.mjs', import.meta.url);

/** Decision 0102: jsdom (the description sanitiser) lives in a child that leaves when idle. */
describe('childProcessHost with idleMs', () => {
  it('answers from a child process, which ends once idle; the next call forks another', async () => {
    const children: ChildProcess[] = [];
    const host = childProcessHost<string, string>({
      entry: SANITIZER,
      name: 'the description sanitiser',
      idleMs: 50,
      onFork: (child) => children.push(child),
    });
    const [clean, kept] = await Promise.all([
      host.call('<p>hi<script>alert(1)</script></p>'),
      host.call('<p><strong>kept</strong></p>'),
    ]);
    expect(clean).toBe('<p>hi</p>');
    expect(kept).toBe('<p><strong>kept</strong></p>');
    expect(children).toHaveLength(1);
    expect(children[0]!.pid).not.toBe(process.pid);
    // nobody releases it: the idle timer does
    if (children[0]!.exitCode === null) await once(children[0]!, 'exit');
    expect(children[0]!.exitCode).toBe(0);

    expect(await host.call('<em>again</em>')).toBe('<em>again</em>');
    expect(children).toHaveLength(2);
    await host.release();
    expect(children[1]!.exitCode).toBe(0);
  });
});

describe('childProcessHost keeps a busy child', () => {
  it('does not end a child while calls keep coming, however many answers share a tick', async () => {
    const children: ChildProcess[] = [];
    const host = childProcessHost<string, string>({
      entry: SANITIZER,
      name: 'the description sanitiser',
      idleMs: 50,
      onFork: (child) => children.push(child),
    });
    // answers arriving together each reach the idle check: only one timer may be left
    await Promise.all(Array.from({ length: 20 }, (_, i) => host.call(`<p>${i}</p>`)));
    // calls back to back, many idle periods long in all: the child is never idle that long
    for (let i = 0; i < 500; i++) expect(await host.call('<b>busy</b>')).toBe('<b>busy</b>');
    expect(children).toHaveLength(1);
    await host.release();
  });
});
