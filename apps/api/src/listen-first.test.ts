import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseOptions } from '@/db/connection';
import { appliedMigrationCount, shippedMigrationCount } from '@/db/migration-state';
import { testDatabaseKinds } from '@/testing/describe-each-database';
import { startServerProcess, type ServerProcess } from '@/testing/server-process';
import { withAdmin, type TestDatabaseKind } from '@/testing/test-database';

/**
 * The server listens before it migrates (issue #26 "Ready for a supervisor", decision 0082): the
 * compiled server in production on an empty database, held before its migrations by
 * STARTUP_HOLD_FILE (so the test sees that state for certain, not by timing). Meanwhile /health
 * answers, /ready is 503 ("not migrated" on PostgreSQL; on PGlite the empty folder holds the
 * build's migrated template, decision 0110), and an API call and a page are 503 in the error
 * envelope with Retry-After. A SIGTERM then exits 0 with nothing migrated; started again and let
 * go, the server migrates, /ready turns 200 and the routes answer for themselves.
 */

const STARTING = {
  _data: [
    {
      _code: 'service_unavailable',
      _context: 'request',
      _description: 'The server is starting',
      _extra: null,
    },
  ],
};

async function get(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

/**
 * What a held server answers: alive, not ready, and 503 for everything else. Not ready because
 * not migrated on PostgreSQL; on PGlite an empty folder starts from the build's migrated
 * template (decision 0110), so it is not ready because it has not opened to traffic.
 */
async function expectStarting(base: string, kind: TestDatabaseKind) {
  const health = await get(base, '/health');
  expect(health.status).toBe(200);
  expect(JSON.parse(health.text)).toEqual({ status: 'ok' });
  const ready = await get(base, '/ready');
  expect(ready.status).toBe(503);
  expect(JSON.parse(ready.text)._data[0]).toMatchObject({
    _code: 'service_unavailable',
    _description:
      kind === 'postgres'
        ? 'The database has not been migrated to this version yet'
        : 'The server is starting',
  });
  const calls = [
    get(base, '/api/seller_config?_seller=demo-museum'),
    get(base, '/demo-museum/events'),
    get(base, '/api/my/cart/modify?_seller=demo-museum', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'tix-app': 'ecomm' },
      body: JSON.stringify({ add: [] }),
    }),
  ];
  for (const answer of await Promise.all(calls)) {
    expect(answer.status, answer.text).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(answer.text)).toEqual(STARTING);
  }
}

for (const kind of testDatabaseKinds()) {
  describe(`the server listens before it migrates [${kind}]`, () => {
    let dir: string;
    let hold: string;
    let options: DatabaseOptions;
    let env: Record<string, string>;
    let dropDatabase = async () => {};
    let server: ServerProcess | null = null;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'admit-listen-first-'));
      hold = join(dir, 'hold');
      if (kind === 'postgres') {
        const url = process.env.TEST_DATABASE_URL!;
        const name = `admit_listen_${randomBytes(5).toString('hex')}`;
        await withAdmin(url, (admin) => admin.query(`create database ${name}`));
        const target = new URL(url);
        target.pathname = `/${name}`;
        options = { url: target.toString(), poolSize: 1 };
        env = { DATABASE_URL: target.toString(), STAFF_KEY_FILE: join(dir, 'staff-key') };
        dropDatabase = async () => {
          await withAdmin(url, (admin) =>
            admin.query(`drop database if exists ${name} with (force)`),
          );
        };
      } else {
        options = { dataDir: join(dir, 'pglite') };
        env = { DATA_DIR: join(dir, 'pglite') };
      }
      env = {
        ...env,
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        STARTUP_HOLD_FILE: hold,
      };
    }, 60_000);
    afterAll(async () => {
      await server?.kill();
      await dropDatabase();
      await rm(dir, { recursive: true, force: true });
    });

    it('answers /health at once and 503 elsewhere until migrated; a stop meanwhile migrates nothing', async () => {
      await writeFile(hold, '');
      server = await startServerProcess(env, 60_000, { compiled: true, until: 'health' });
      await expectStarting(server.baseUrl, kind);
      const held = server;
      expect(await held.stop(), held.output()).toBe(0);
      server = null;
      const database = await openDatabase(options);
      try {
        // PostgreSQL: nothing migrated; PGlite: the build's template, every migration and no row
        expect(await appliedMigrationCount(database.db)).toBe(
          kind === 'postgres' ? 0 : await shippedMigrationCount(),
        );
        if (kind === 'pglite') {
          const { rows } = await database.db.execute<{ n: number }>(
            sql`select count(*)::int as n from seller`,
          );
          expect(rows[0]?.n).toBe(0);
        }
      } finally {
        await database.close();
      }
    }, 120_000);

    it('migrates once let go, then is ready and serves every route', async () => {
      await writeFile(hold, '');
      server = await startServerProcess(env, 60_000, { compiled: true, until: 'health' });
      const base = server.baseUrl;
      await expectStarting(base, kind);
      await rm(hold);
      let ready = await get(base, '/ready');
      for (const deadline = Date.now() + 90_000; ready.status !== 200 && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 100));
        ready = await get(base, '/ready');
      }
      expect(ready.status, server.output()).toBe(200);
      expect(JSON.parse(ready.text)).toEqual({ status: 'ready' });
      // each route answers for itself now: an unknown seller, and the 404 page of a server
      // without sellers
      const call = await get(base, '/api/seller_config?_seller=demo-museum');
      expect(call.status, call.text).toBe(404);
      expect(JSON.parse(call.text)._data[0]).toMatchObject({
        _code: 'seller_not_found',
        _description: 'Seller demo-museum not found',
      });
      const page = await get(base, '/');
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const running = server;
      expect(await running.stop(), running.output()).toBe(0);
      server = null;
      const database = await openDatabase(options);
      try {
        expect(await appliedMigrationCount(database.db)).toBe(await shippedMigrationCount());
      } finally {
        await database.close();
      }
    }, 180_000);
  });
}
