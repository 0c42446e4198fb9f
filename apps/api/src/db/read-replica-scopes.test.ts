import { describe, expect, it } from 'vitest';
import type { Db } from './connection';
import { createReadRouter, createRequirements, SETTLED_AFTER_MS } from './read-replica';

/**
 * Cached reads routed per scope (decision 0120): a write noticed in one scope holds back the
 * replica for that scope's reads only, until SETTLED_AFTER_MS has passed; then for every read.
 */
describe('read router, per scope', () => {
  const primary = { name: 'primary' } as unknown as Db;
  const replica = { name: 'replica' } as unknown as Db;
  const hot = ['seller:s', 'event:hot'];
  const quiet = ['seller:s', 'event:quiet'];
  // a fake clock and no waiting: each choice is the router's answer at that moment
  const setup = () => {
    const state = { replayed: 100n, now: 0 };
    const router = createReadRouter({
      primary,
      replica,
      waitMs: 0,
      replayed: async () => state.replayed,
      clock: () => state.now,
    });
    return { router, state };
  };

  it('holds back only the reads of the scopes a notice names', async () => {
    const { router, state } = setup();
    router.requireLsn(500n, ['event:hot']);
    expect(await router.choose(hot)).toBe(primary);
    expect(await router.choose(quiet)).toBe(replica);
    // a read that names no scopes needs everything noticed
    expect(await router.choose()).toBe(primary);
    state.replayed = 500n;
    expect(await router.choose(hot)).toBe(replica);
    expect(await router.choose()).toBe(replica);
  });

  it('holds back every read of a seller when its seller scope is noticed', async () => {
    const { router } = setup();
    router.requireLsn(500n, ['seller:s']);
    expect(await router.choose(hot)).toBe(primary);
    expect(await router.choose(quiet)).toBe(primary);
    expect(await router.choose(['seller:other', 'event:x'])).toBe(replica);
  });

  it('sends this node’s reads of a scope it is writing to the primary, and only those', async () => {
    const { router, state } = setup();
    const noticed = router.beginWrite(['event:hot']);
    expect(await router.choose(hot)).toBe(primary);
    expect(await router.choose(quiet)).toBe(replica);
    expect(await router.choose()).toBe(primary);
    noticed(700n);
    expect(await router.choose(hot)).toBe(primary);
    state.replayed = 700n;
    expect(await router.choose(hot)).toBe(replica);
    // two writes of one scope: it stays the primary's until both are answered
    const first = router.beginWrite(['event:hot']);
    const second = router.beginWrite(['event:hot']);
    first(null);
    expect(await router.choose(hot)).toBe(primary);
    second(null);
    second(null); // answering twice counts once
    expect(await router.choose(hot)).toBe(replica);
  });

  it('holds back every read once a write was noticed SETTLED_AFTER_MS ago', async () => {
    const { router, state } = setup();
    router.requireLsn(500n, ['event:hot']);
    state.now += SETTLED_AFTER_MS - 1;
    expect(await router.choose(quiet)).toBe(replica);
    state.now += 1;
    // the replica is still behind a write noticed half a second ago: the quiet read waits too
    expect(await router.choose(quiet)).toBe(primary);
    state.replayed = 500n;
    expect(await router.choose(quiet)).toBe(replica);
  });

  it('treats a notice without scopes as one of every scope', async () => {
    const { router } = setup();
    router.requireLsn(500n);
    expect(await router.choose(quiet)).toBe(primary);
    const noticed = router.beginWrite();
    expect(await router.choose(['seller:other'])).toBe(primary);
    noticed(null);
  });

  it('keeps a scope’s position when too many scopes are remembered', async () => {
    const { router, state } = setup();
    router.requireLsn(900n, ['event:first']);
    for (let i = 0; i < 10_001; i++) router.requireLsn(200n, [`event:${i}`]);
    state.replayed = 200n;
    // forgotten into the floor: still the primary's until the replica has replayed 900
    expect(await router.choose(['event:first'])).toBe(primary);
    state.replayed = 900n;
    expect(await router.choose(['event:first'])).toBe(replica);
  });

  it('keeps only the last half second of positions, also when no read ever asks', () => {
    const clock = { now: 0 };
    const need = createRequirements(() => clock.now);
    for (let i = 1; i <= 10_000; i++) {
      clock.now += 1;
      need.require(BigInt(i), ['event:hot']);
    }
    expect(need.unsettled()).toBeLessThanOrEqual(SETTLED_AFTER_MS);
    expect(need.position(['event:quiet'])).toBe(BigInt(10_000 - SETTLED_AFTER_MS));
  });
});
