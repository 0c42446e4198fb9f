import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db/connection';
import { holdSeenAcrossNodes } from '@/testing/cluster-freshness';
import { prepareClusterScene, type ClusterScene } from '@/testing/cluster-scene';
import {
  FRESH_WITHIN_MS,
  callAs,
  clusterProgramsInstalled,
  startCluster,
  type RunningCluster,
} from '@/testing/cluster-process';

/**
 * Cached reads from a streaming replica (issue #28, decision 0097): `npm run cluster --
 * --replica` starts a PostgreSQL primary and a replica of its own (pg_basebackup), two nodes
 * read their /cached_api reads from the replica, and a hold on node A still shows in node B's
 * cached availability within the bound, and in A's own read right after its answer. Needs
 * nginx, pgbouncer and PostgreSQL's binaries; run with the other cluster test
 * (`npm run test:cluster`, TEST_DATABASE_URL set: the switch for the PostgreSQL suites).
 */
const url = process.env.TEST_DATABASE_URL;
const installed = clusterProgramsInstalled(true);
if (url && !installed && process.env.CI) {
  throw new Error('CI must run the replica cluster test: install nginx, pgbouncer and postgresql');
}
const HOST = 'demo-museum.localhost';

/**
 * The server connections pgbouncer holds for the replica's database (`<database>_replica`,
 * scripts/cluster-config.mjs), from its `SHOW POOLS` (the cluster's user is a stats user).
 */
async function replicaPoolConnections(running: RunningCluster): Promise<number> {
  const console_ = new URL(running.pgbouncer);
  const database = console_.pathname.slice(1);
  console_.pathname = '/pgbouncer';
  const client = new pg.Client({ connectionString: console_.toString() });
  await client.connect();
  try {
    // no parameters: node-postgres sends it as a simple query, the only kind the console takes
    const { rows } = await client.query<Record<string, string>>('SHOW POOLS');
    const pool = rows.find((row) => row.database === `${database}_replica`);
    if (!pool) return 0;
    return ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'].reduce(
      (sum, column) => sum + Number(pool[column] ?? 0),
      0,
    );
  } finally {
    await client.end();
  }
}

describe.skipIf(!url || !installed)(
  'two nodes reading cached reads from a replica [postgres]',
  () => {
    let cluster: RunningCluster | null = null;
    let primary: Database;
    let replica: Database;
    let scene: ClusterScene;

    beforeAll(async () => {
      cluster = await startCluster({
        pgUrl: url!,
        database: 'admit_replica',
        nodes: 2,
        replica: true,
        timeoutMs: 150_000,
        env: {
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://tickets.example.org',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          IMAGE_WARM_MS: '0',
          CART_CREATE_LIMIT: '0',
          // far past FRESH_WITHIN_MS: a hold seen sooner on another node came by its cache notice
          CACHED_API_SERVER_TTL_MS: '30000',
        },
      });
      primary = await openDatabase({ url: cluster.database, poolSize: 2 });
      replica = await openDatabase({ url: cluster.replica!, poolSize: 1 });
      // the demo, seeded here (the nodes seed nothing): every cache of theirs starts empty
      scene = await prepareClusterScene(primary);
    }, 200_000);

    afterAll(async () => {
      await primary?.close();
      await replica?.close();
      // the script stops its own PostgreSQL servers and removes their folder
      if (cluster) expect(await cluster.stop(), cluster.output()).toBe(0);
    }, 60_000);

    it('streams the primary to a replica the nodes read their cached reads from', async () => {
      const { rows } = await replica.db.execute<{ recovery: boolean }>(
        sql`select pg_is_in_recovery() as recovery`,
      );
      expect(rows[0]!.recovery).toBe(true);
      const read = await callAs(cluster!.nodes[0]!, {
        method: 'GET',
        path: `/cached_api/events/${scene.eventId}/sessions?_seller=demo-museum`,
        host: HOST,
      });
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      // the nodes' pools hold connections to the replica's copy of the database
      const { rows: clients } = await replica.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(clients[0]!.n).toBeGreaterThan(0);
      // … through pgbouncer, under the replica's own database name there
      expect(await replicaPoolConnections(cluster!)).toBeGreaterThan(0);
    });

    it('shows a hold on node A in node B’s cached availability within 500 ms, reads from the replica', async () => {
      const [nodeA, nodeB] = cluster!.nodes as [string, string];
      for (let round = 0; round < 3; round++) {
        const seen = await holdSeenAcrossNodes({
          nodeA,
          nodeB,
          host: HOST,
          ...scene,
          giveUpMs: 5_000,
        });
        expect(seen.own, JSON.stringify(seen)).toBe(seen.before + 1);
        expect(seen.after, JSON.stringify(seen)).toBe(seen.before + 1);
        expect(seen.seenAfterMs, JSON.stringify(seen)).toBeLessThan(FRESH_WITHIN_MS);
      }
    }, 60_000);
  },
);
