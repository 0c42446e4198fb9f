import { describe, expect, it } from 'vitest';
import type { Db } from './connection';
import { parseLsn } from './cache-notices';
import {
  createReadRouter,
  LAG_ALARM_MS,
  LAG_ALARM_REPEAT_MS,
  REPLICA_RETRY_MS,
} from './read-replica';

/** Where cached reads go (decision 0097): the replica only once it has replayed what was noticed. */
describe('read router', () => {
  const primary = { name: 'primary' } as unknown as Db;
  const replica = { name: 'replica' } as unknown as Db;
  // the replica's position, moved by the test; sleeping moves a fake clock, never the wall's
  const setup = (waitMs = 20) => {
    const state = { replayed: 100n as bigint | null, slept: 0, catchUpAfter: Infinity };
    const router = createReadRouter({
      primary,
      replica,
      waitMs,
      replayed: async () => state.replayed,
      sleep: async (ms) => {
        state.slept += ms;
        if (state.slept >= state.catchUpAfter) state.replayed = 1_000n;
      },
    });
    return { router, state };
  };

  it('reads the primary when there is no replica', async () => {
    const router = createReadRouter({ primary, replica: null, waitMs: 100 });
    expect(await router.choose()).toBe(primary);
  });

  it('reads the replica while it has replayed every noticed write', async () => {
    const { router } = setup();
    expect(await router.choose()).toBe(replica);
    router.requireLsn(100n);
    expect(await router.choose()).toBe(replica);
  });

  it('waits for a replica behind a notice, and reads the primary once the wait is over', async () => {
    const { router, state } = setup(20);
    router.requireLsn(500n);
    expect(await router.choose()).toBe(primary);
    expect(state.slept).toBe(20);
    // caught up within the wait: the replica again
    state.slept = 0;
    state.catchUpAfter = 10;
    expect(await router.choose()).toBe(replica);
  });

  it('reads the primary after this node’s own write until its notice’s position is known', async () => {
    const { router, state } = setup();
    const noticed = router.beginWrite();
    expect(await router.choose()).toBe(primary);
    noticed(700n);
    // known now: the replica once it has replayed it
    expect(await router.choose()).toBe(primary);
    state.replayed = 700n;
    expect(await router.choose()).toBe(replica);
    // a failed notice releases the wait; answering twice counts once
    const failed = router.beginWrite();
    failed(null);
    failed(null);
    expect(await router.choose()).toBe(replica);
  });

  it('leaves a failed replica to the primary for REPLICA_RETRY_MS, then tries it again', async () => {
    const clock = { now: 1_000 };
    const router = createReadRouter({
      primary,
      replica,
      waitMs: 20,
      replayed: async () => 100n,
      clock: () => clock.now,
    });
    expect(await router.choose()).toBe(replica);
    expect(router.replicaFailed()).toBe(true);
    expect(await router.choose()).toBe(primary);
    // failing again within the window is the same failure: not said twice
    clock.now += REPLICA_RETRY_MS - 1;
    expect(router.replicaFailed()).toBe(false);
    expect(await router.choose()).toBe(primary);
    clock.now += REPLICA_RETRY_MS;
    expect(await router.choose()).toBe(replica);
  });

  it('counts a replica that cannot say its position as failed, without waiting for it', async () => {
    const clock = { now: 0 };
    let slept = 0;
    const router = createReadRouter({
      primary,
      replica,
      waitMs: 1_000,
      replayed: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      sleep: async (ms) => {
        slept += ms;
      },
      clock: () => clock.now,
    });
    router.requireLsn(500n);
    expect(await router.choose()).toBe(primary);
    expect(slept).toBe(0);
    expect(router.replicaFailed()).toBe(false);
  });

  it('raises the lag alarm once the replica has been behind for LAG_ALARM_MS, once a minute', async () => {
    const clock = { now: 0 };
    const state = { replayed: 100n };
    const router = createReadRouter({
      primary,
      replica,
      waitMs: 0,
      replayed: async () => state.replayed,
      clock: () => clock.now,
    });
    router.requireLsn(4_196n);
    expect(await router.choose()).toBe(primary);
    expect(router.lagAlarm()).toBeNull();
    clock.now += LAG_ALARM_MS - 1;
    expect(await router.choose()).toBe(primary);
    expect(router.lagAlarm()).toBeNull();
    clock.now += 1;
    expect(router.lagAlarm()).toEqual({ behindMs: LAG_ALARM_MS, behindBytes: 4_096 });
    // said once, then again a minute later if it is still behind
    expect(router.lagAlarm()).toBeNull();
    clock.now += LAG_ALARM_REPEAT_MS;
    expect(router.lagAlarm()).toMatchObject({ behindMs: LAG_ALARM_MS + LAG_ALARM_REPEAT_MS });
    // caught up: no alarm, and a new lag counts from its own start
    state.replayed = 4_196n;
    expect(await router.choose()).toBe(replica);
    clock.now += LAG_ALARM_REPEAT_MS;
    expect(router.lagAlarm()).toBeNull();
    router.requireLsn(5_000n);
    expect(await router.choose()).toBe(primary);
    clock.now += LAG_ALARM_MS - 1;
    expect(router.lagAlarm()).toBeNull();
  });

  it('reads WAL positions as PostgreSQL prints them', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')).toBe(1n << 32n);
    expect(parseLsn(null)).toBeNull();
    expect(parseLsn('nonsense')).toBeNull();
  });
});
