import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The SQL the API sends, listed by feature (decision 0090): everything must work through
 * pgbouncer in transaction pooling mode, where consecutive statements outside a transaction may
 * run on different server connections, and stay within what PostgreSQL-compatible distributed
 * engines support. The forbidden features fail this test wherever they appear in code (comments
 * are skipped); the features in use are listed, so a new one fails it until it is added here and
 * to the decision with a word on why it is safe.
 */

const srcDir = fileURLToPath(new URL('..', import.meta.url));

/** Session state, or a server-side feature a distributed engine lacks: never used. */
const FORBIDDEN: Record<string, RegExp> = {
  // a lock held by a session: lost between statements behind pgbouncer, absent elsewhere
  'advisory locks': /\bpg_(try_)?advisory_/i,
  // LISTEN lives in a server session: only db/notice-listener.ts has one, on its own direct
  // connection, for freshness only (decision 0097); NOTIFY is sent with pg_notify() (listed below)
  'LISTEN / NOTIFY': /\b(listen|unlisten)\s+[a-z_"$]|\bnotify\s+[a-z_"]/i,
  'LOCK TABLE': /\block\s+table\b/i,
  'temporary tables': /\bcreate\s+(global\s+|local\s+)?temp(orary)?\s+table\b/i,
  // a session setting outlives the transaction on a pooled connection; SET LOCAL is fine
  'session SET':
    /(sql`|\.(query|raw)\(\s*['"`])\s*set\s+(session\s+)?(?!local\b)[a-z_.]+\s*(=|to\b)/i,
  'set_config()': /\bset_config\s*\(/i,
  // named prepared statements live in a server session (pgbouncer 1.18 cannot track them)
  'named prepared statements':
    /\.prepare\s*\(|\b(prepare|deallocate)\s+[a-z_]+\s+(as|\()|\bexecute\s+[a-z_]+\s*\(/i,
  'cursors WITH HOLD': /\bwith\s+hold\b/i,
  'sleeps in SQL': /\bpg_sleep\s*\(/i,
};

/** Features in use; each works per statement or per transaction (decision 0090). */
const IN_USE: Record<string, RegExp> = {
  'SELECT … FOR UPDATE': /\bfor\s+update\b|\.for\(\s*'update'/i,
  'SKIP LOCKED': /\bskip\s+locked\b|skipLocked/i,
  'INSERT … ON CONFLICT': /\bon\s+conflict\b|onConflictDo(Nothing|Update)/i,
  RETURNING: /\breturning\b|\.returning\(/i,
  'JOIN LATERAL': /\bjoin\s+lateral\b/i,
  'CTE AS MATERIALIZED': /\bas\s+materialized\b/i,
  'DISTINCT ON': /\bdistinct\s+on\b/i,
  'generated stored columns': /\bgenerated\s+always\s+as\b/i,
  'gen_random_uuid()': /\bgen_random_uuid\s*\(/i,
  // sent at commit of its statement's transaction; a lost one costs freshness only (decision 0097)
  'pg_notify()': /\bpg_notify\s*\(/i,
  // WAL positions: a cache notice's, and how far a read replica has replayed (decision 0097)
  'WAL positions': /\bpg_current_wal_flush_lsn\s*\(|\bpg_last_wal_replay_lsn\s*\(/i,
};

/** The one file allowed its forbidden feature, on its own direct connection (decision 0097). */
const ALLOWED_IN: Record<string, string> = { 'LISTEN / NOTIFY': 'db/notice-listener.ts' };

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (
      /\.sql$/.test(entry.name) ||
      (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    ) {
      // the test helpers may do what the app never does (create and drop databases)
      if (!relative(srcDir, path).startsWith('testing/')) yield path;
    }
  }
}

/** The file without its comments: prose may name a forbidden feature to say why it is not used. */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/|--(?!>)).*$/, ''))
    .join('\n');
}

const sources = [...files(srcDir)].map((path) => ({
  path: relative(srcDir, path),
  code: codeOf(readFileSync(path, 'utf8')),
}));

const where = (pattern: RegExp) =>
  sources.filter((source) => pattern.test(source.code)).map((source) => source.path);

describe('the SQL the API sends (pgbouncer transaction pooling, distributed PostgreSQL)', () => {
  it('reads the app’s sources and migrations', () => {
    expect(sources.some((s) => s.path.startsWith('db/migrations/'))).toBe(true);
    expect(sources.length).toBeGreaterThan(100);
  });

  it.each(Object.entries(FORBIDDEN))('uses no %s', (name, pattern) => {
    expect(where(pattern).filter((path) => path !== ALLOWED_IN[name])).toEqual([]);
  });

  it('keeps LISTEN to the listener on its own connection', () => {
    expect(where(FORBIDDEN['LISTEN / NOTIFY']!)).toEqual(['db/notice-listener.ts']);
  });

  it('uses only the listed features, each of them somewhere', () => {
    const used = Object.entries(IN_USE)
      .filter(([, pattern]) => where(pattern).length > 0)
      .map(([name]) => name);
    expect(used).toEqual(Object.keys(IN_USE));
  });

  it('catches what it forbids (the patterns are not dead)', () => {
    const caught = (code: string) =>
      Object.entries(FORBIDDEN)
        .filter(([, pattern]) => pattern.test(codeOf(code)))
        .map(([name]) => name);
    expect(caught('await db.execute(sql`select pg_advisory_xact_lock(1)`)')).toEqual([
      'advisory locks',
    ]);
    expect(caught('await client.query("LISTEN holds")')).toEqual(['LISTEN / NOTIFY']);
    expect(caught("await client.query('SET search_path TO admit')")).toEqual(['session SET']);
    expect(caught("hint: 'set STAFF_KEY to the server’s key'")).toEqual([]);
    expect(caught('await db.execute(sql`set statement_timeout = 1000`)')).toEqual(['session SET']);
    expect(caught('await tx.execute(sql`set local statement_timeout = 1000`)')).toEqual([]);
    expect(caught("db.update(cart).set({ state: 'paid' })")).toEqual([]);
    expect(caught("db.select().from(cart).prepare('cart_by_id')")).toEqual([
      'named prepared statements',
    ]);
    expect(caught('CREATE TEMP TABLE x (id int)')).toEqual(['temporary tables']);
    expect(caught('// pg_advisory_lock is not used: the lease row is')).toEqual([]);
  });
});
