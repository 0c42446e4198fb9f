import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '@/db/connection';
import { makeTimedAdmission, type TimedAdmission } from '@/testing/availability-factories';
import { buildTestApp } from '@/testing/build-test-app';
import { withAdmin } from '@/testing/test-database';
import {
  eventReadScope,
  forgetSellerReads,
  forgetSessionReads,
  sellerReadScope,
  sessionReadScope,
} from './read-scopes';

/**
 * Cached reads across nodes (decision 0097): three apps ("nodes"), each with its own pool on one
 * PostgreSQL database and a server cache far longer than the test. A and B listen for cache
 * notices (DATABASE_LISTEN_URL); C does not, the control: it keeps the body it cached, so a
 * change B shows came from the notice, not from a TTL or a missed cache.
 */
const url = process.env.TEST_DATABASE_URL;
const NOW = '2026-12-01T12:00:00Z';
const LONG = '60000';

describe.skipIf(!url)('cache notices between nodes [postgres]', () => {
  const name = `admit_t_${randomBytes(6).toString('hex')}`;
  const databases: Database[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  let c: FastifyInstance;
  let scene: TimedAdmission;

  beforeAll(async () => {
    await withAdmin(url!, (admin) => admin.query(`create database ${name}`));
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const open = async () => {
      const database = await openDatabase({ url: target.toString(), poolSize: 3 });
      databases.push(database);
      return database;
    };
    const first = await open();
    await first.migrate();
    const node = async (database: Database, listen: boolean) =>
      buildTestApp(database, {
        now: NOW,
        env: {
          CACHED_API_SERVER_TTL_MS: LONG,
          AVAILABILITY_SCOPE_CACHE_MS: LONG,
          SELLER_CACHE_MS: LONG,
          ...(listen ? { DATABASE_LISTEN_URL: target.toString() } : {}),
        },
      });
    a = await node(first, true);
    b = await node(await open(), true);
    c = await node(await open(), false);
    scene = await makeTimedAdmission(databases[0]!.db, { starts: ['2026-12-07 10:00'] });
  }, 60_000);

  afterAll(async () => {
    for (const app of [a, b, c]) await app?.close();
    for (const database of databases) await database.close();
    await withAdmin(url!, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  });

  const read = async (app: FastifyInstance, path: string) =>
    (await app.inject({ method: 'GET', url: `/cached_api${path}` })).body;

  /** B's read until it differs from `before` (a notice arrives in milliseconds; 5 s at most). */
  async function changedOn(app: FastifyInstance, path: string, before: string) {
    for (let tries = 0; tries < 500; tries++) {
      const body = await read(app, path);
      if (body !== before) return body;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return before;
  }

  it('shows a hold made through node A on node B’s cached availability; C, not listening, keeps its copy', async () => {
    const [session] = scene.sessions;
    const path = `/events/${scene.event.id}/sessions?_seller=${scene.seller.slug}`;
    const before = await read(b, path);
    expect(await read(c, path)).toBe(before);
    // a hold as the cart takes it (its own statement), then its forget after the commit
    await databases[0]!.db.execute(
      sql`update event_session set used_capacity = used_capacity + 7 where id = ${session!.id}`,
    );
    await forgetSessionReads(a.deps.database.db, [session!.id]);
    const after = await changedOn(b, path, before);
    expect(after).not.toBe(before);
    // the control: without the notice the cached body stays (its TTL is a minute)
    expect(await read(c, path)).toBe(before);
    // and node A's own availability read (its notice came back to it) is fresh too
    expect(await read(a, path)).toBe(after);
  }, 20_000);

  it('carries a write of many sessions in several notices, the last one’s event included (0103)', async () => {
    const [session] = scene.sessions;
    const path = `/events/${scene.event.id}/sessions?_seller=${scene.seller.slug}`;
    const before = await read(b, path);
    const kept = await read(c, path);
    await databases[0]!.db.execute(
      sql`update event_session set used_capacity = used_capacity + 1 where id = ${session!.id}`,
    );
    // 300 sessions' scopes are ~16 KB: more than one notice's 8000 bytes
    const others = Array.from({ length: 300 }, () => crypto.randomUUID());
    await forgetSessionReads(a.deps.database.db, [...others, session!.id]);
    expect(await changedOn(b, path, before)).not.toBe(before);
    expect(await read(c, path)).toBe(kept);
  }, 20_000);

  it('shows a seller’s catalogue change made through node A on node B’s cached event read', async () => {
    const path = `/events/${scene.event.id}?_seller=${scene.seller.slug}`;
    const before = await read(b, path);
    expect(await read(c, path)).toBe(before);
    await databases[0]!.db.execute(
      sql`update event_template set name = 'Renamed by the import' where id = ${scene.event.id}`,
    );
    forgetSellerReads(a.deps.database.db, scene.seller.id);
    expect(await changedOn(b, path, before)).toContain('Renamed by the import');
    expect(await read(c, path)).toBe(before);
  }, 20_000);

  it('hands the read router the scopes of each write, notice and cached read (decision 0120)', async () => {
    const [session] = scene.sessions;
    const written = [sessionReadScope(session!.id), eventReadScope(scene.event.id)];
    const ofA = a.deps.database.reads;
    const ofB = b.deps.database.reads;
    const original = { ...ofA, requireLsn: ofB.requireLsn, choose: ofB.choose };
    const begun: unknown[] = [];
    const heard: unknown[] = [];
    const chosen: unknown[] = [];
    ofA.beginWrite = (scopes) => (begun.push(scopes), original.beginWrite(scopes));
    ofB.requireLsn = (lsn, scopes) => (heard.push(scopes), original.requireLsn(lsn, scopes));
    ofB.choose = (scopes) => (chosen.push(scopes), original.choose(scopes));
    try {
      await forgetSessionReads(a.deps.database.db, [session!.id]);
      // A's reads of those scopes wait for the notice's position; B's wait for what it heard
      expect(begun).toContainEqual(written);
      await vi.waitFor(() => expect(heard).toContainEqual(written), { timeout: 5_000 });
      // B's read of the event's availability (a miss: its scope was forgotten) names its scopes
      await read(b, `/events/${scene.event.id}/sessions?_seller=${scene.seller.slug}`);
      expect(chosen).toContainEqual([
        sellerReadScope(scene.seller.id),
        eventReadScope(scene.event.id),
      ]);
    } finally {
      ofA.beginWrite = original.beginWrite;
      ofB.requireLsn = original.requireLsn;
      ofB.choose = original.choose;
    }
  }, 20_000);
});
