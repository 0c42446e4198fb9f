import { describe, expect, it } from 'vitest';
import type { Db } from '@/db/connection';
import { sqlStateOf, withRetryingTransaction } from '@/db/transaction';

/** A database whose transactions fail with the given errors first, then run the work. */
function flakyDb(failures: unknown[]) {
  let calls = 0;
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      calls++;
      const failure = failures.shift();
      if (failure) throw failure;
      return work('tx');
    },
  } as unknown as Db;
  return { db, calls: () => calls };
}

const pgError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

describe('withRetryingTransaction', () => {
  it('replays after deadlocks and serialization failures, also when drizzle wraps them', async () => {
    const wrapped = Object.assign(new Error('Failed query'), { cause: pgError('40001') });
    const { db, calls } = flakyDb([pgError('40P01'), wrapped]);
    await expect(withRetryingTransaction(db, async (tx) => `done in ${String(tx)}`)).resolves.toBe(
      'done in tx',
    );
    expect(calls()).toBe(3);
  });

  it('gives up after the last attempt and rethrows the database error', async () => {
    const { db, calls } = flakyDb([pgError('40P01'), pgError('40P01'), pgError('40P01')]);
    await expect(withRetryingTransaction(db, async () => 'never', 3)).rejects.toMatchObject({
      code: '40P01',
    });
    expect(calls()).toBe(3);
  });

  it('never replays other errors (a sold-out answer must not be retried)', async () => {
    const { db, calls } = flakyDb([pgError('23505')]);
    await expect(withRetryingTransaction(db, async () => 'never')).rejects.toMatchObject({
      code: '23505',
    });
    const business = new Error('event_session_sold_out');
    const second = flakyDb([]);
    await expect(
      withRetryingTransaction(second.db, async () => {
        throw business;
      }),
    ).rejects.toBe(business);
    expect(calls()).toBe(1);
    expect(second.calls()).toBe(1);
  });

  it('reads SQLSTATEs only from real five-character codes', () => {
    expect(sqlStateOf(pgError('40P01'))).toBe('40P01');
    expect(sqlStateOf({ code: 'ECONNRESET' })).toBeNull();
    expect(sqlStateOf(null)).toBeNull();
  });
});
