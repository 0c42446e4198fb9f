import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '@/db/connection';
import { createReadRouter } from '@/db/read-replica';
import { makeTimedAdmission, type TimedAdmission } from '@/testing/availability-factories';
import { buildTestApp } from '@/testing/build-test-app';
import { withAdmin } from '@/testing/test-database';
import { AppError } from './app-error';
import { answerOnReplica } from './replica-read';

/** A replica that fails a cached read: the primary answers it (decision 0097, update 2026-12-01). */
describe('a cached read the replica fails', () => {
  const primary = { name: 'primary' } as unknown as Db;
  const replica = { name: 'replica' } as unknown as Db;
  const setup = () => {
    const clock = { now: 0 };
    const reads = createReadRouter({
      primary,
      replica,
      waitMs: 0,
      replayed: async () => 0n,
      clock: () => clock.now,
    });
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(args) };
    const asked: string[] = [];
    return { database: { db: primary, reads }, clock, warnings, log, asked };
  };

  it('is answered by the primary, with one warning however many reads fail meanwhile', async () => {
    const { database, warnings, log, asked } = setup();
    const answer = async (db: Db) => {
      asked.push((db as unknown as { name: string }).name);
      if (db === replica)
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return 'rows';
    };
    expect(await answerOnReplica(database, answer, log)).toBe('rows');
    expect(asked).toEqual(['replica', 'primary']);
    expect(await answerOnReplica(database, answer, log)).toBe('rows');
    // left alone: the second read went straight to the primary
    expect(asked).toEqual(['replica', 'primary', 'primary']);
    expect(warnings).toHaveLength(1);
  });

  it('warns when the router raises its lag alarm, and reads the primary', async () => {
    const { database, warnings, log } = setup();
    const alarm = { behindMs: 12_000, behindBytes: 8_192 };
    // a router that found the replica behind: the primary, and the alarm due
    const lagging = {
      db: primary,
      reads: { ...database.reads, choose: async () => primary, lagAlarm: () => alarm },
    };
    const got = await answerOnReplica(
      lagging,
      async (db) => (db === primary ? 'rows' : 'stale'),
      log,
    );
    expect(got).toBe('rows');
    expect(warnings).toEqual([
      [alarm, 'the read replica is too far behind: cached reads go to the primary'],
    ]);
  });

  it('passes the read’s own refusal on without asking the primary', async () => {
    const { database, warnings, log, asked } = setup();
    const refusal = new AppError('not_found', 'event', 'Event not found');
    const answer = async (db: Db) => {
      asked.push((db as unknown as { name: string }).name);
      throw refusal;
    };
    await expect(answerOnReplica(database, answer, log)).rejects.toBe(refusal);
    expect(asked).toEqual(['replica']);
    expect(warnings).toHaveLength(0);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('cached reads with the replica down [postgres]', () => {
  const name = `admit_t_${randomBytes(6).toString('hex')}`;
  const databases: Database[] = [];
  let down: FastifyInstance;
  let plain: FastifyInstance;
  let scene: TimedAdmission;

  beforeAll(async () => {
    await withAdmin(url!, (admin) => admin.query(`create database ${name}`));
    const target = new URL(url!);
    target.pathname = `/${name}`;
    // nothing listens on port 1: every connection to this "replica" is refused
    const gone = new URL(target);
    gone.port = '1';
    const first = await openDatabase({ url: target.toString(), poolSize: 3 });
    databases.push(first);
    await first.migrate();
    const withGone = await openDatabase({
      url: target.toString(),
      poolSize: 3,
      readUrl: gone.toString(),
    });
    databases.push(withGone);
    down = await buildTestApp(withGone, { now: '2026-12-01T12:00:00Z' });
    plain = await buildTestApp(first, { now: '2026-12-01T12:00:00Z' });
    scene = await makeTimedAdmission(first.db, { starts: ['2026-12-07 10:00'] });
  }, 60_000);

  afterAll(async () => {
    for (const app of [down, plain]) await app?.close();
    for (const database of databases) await database.close();
    await withAdmin(url!, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  });

  it('answers availability and the catalogue from the primary, as a node without a replica does', async () => {
    for (const path of [
      `/events/${scene.event.id}/sessions?_seller=${scene.seller.slug}`,
      `/events/${scene.event.id}?_seller=${scene.seller.slug}`,
    ]) {
      const got = await down.inject({ method: 'GET', url: `/cached_api${path}` });
      expect(got.statusCode, got.body).toBe(200);
      const expected = await plain.inject({ method: 'GET', url: `/cached_api${path}` });
      expect(got.body).toBe(expected.body);
    }
  });
});
