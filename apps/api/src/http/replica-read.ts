import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '@/db/connection';
import { AppError } from './app-error';

/**
 * A cached read of `scopes` (its seller's and its own, read-scopes.ts) on the database the read
 * router picks for them (db/read-replica.ts). When the replica fails it, the primary answers the
 * same read, and the router leaves the replica alone for a while; the warning is logged once per
 * failure, not per read. An `AppError` is the read's own answer (not found, a bad query) and goes
 * out as it is. A replica that stays too far behind is the other warning (the router's
 * `lagAlarm`, at most once a minute).
 */
export async function answerOnReplica<T>(
  database: Pick<Database, 'db' | 'reads'>,
  answer: (db: Db) => Promise<T>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  scopes?: readonly string[],
): Promise<T> {
  const chosen = await database.reads.choose(scopes);
  const lag = database.reads.lagAlarm();
  if (lag) log.warn(lag, 'the read replica is too far behind: cached reads go to the primary');
  if (chosen === database.db) return answer(chosen);
  try {
    return await answer(chosen);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (database.reads.replicaFailed()) {
      log.warn({ err: error }, 'the read replica failed a read: cached reads go to the primary');
    }
    return answer(database.db);
  }
}
