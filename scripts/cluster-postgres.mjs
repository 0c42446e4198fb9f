// `npm run cluster -- --replica`: a PostgreSQL primary and a streaming replica of it, both the
// script's own, in its temp folder (decision 0097). The replica is made as a seller makes one:
// `pg_basebackup -R` from the primary, then started as a hot standby. Its own primary, not the
// shared server the other runs use: taking a base backup needs a replication entry in the
// primary's pg_hba.conf, which the script never edits on a server it did not start.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './cluster-processes.mjs';

/** The binaries of the newest PostgreSQL installed the Debian way (or on PATH). */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin/pg_basebackup')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length > 0) return join(root, versions[0], 'bin');
  const onPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return onPath.status === 0 ? onPath.stdout.trim() : null;
}

/** The uid and gid of `postgres` when run by root (PostgreSQL refuses root), else none. */
function runAs() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts the primary, takes the replica from it and starts that; resolves with both URLs (to
 * the `postgres` database) once the replica accepts reads. `startChild(name, command, args,
 * env, user)` and `waitFor(what, check, ms)` are the script's.
 */
export async function startPrimaryAndReplica({ workDir, startChild, waitFor }) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found (Debian: apt-get install postgresql)');
  const user = runAs();
  const run = (program, args) => {
    const done = spawnSync(join(bin, program), args, { ...user, encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`${program} failed: ${done.stderr || done.stdout}`);
  };
  const dirs = { primary: join(workDir, 'pg-primary'), replica: join(workDir, 'pg-replica') };
  const socketDir = join(workDir, 'pg-socket');
  for (const dir of [socketDir]) {
    mkdirSync(dir);
    if (user.uid !== undefined) chownSync(dir, user.uid, user.gid);
  }
  if (user.uid !== undefined) chownSync(workDir, user.uid, user.gid);
  const primaryPort = await freePort();
  const replicaPort = await freePort();
  run('initdb', ['-D', dirs.primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  writeFileSync(
    join(dirs.primary, 'pg_hba.conf'),
    'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
  );
  const serverArgs = (dir, port) => [
    ...['-D', dir, '-p', String(port), '-k', socketDir],
    ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    ...['-c', 'wal_level=replica', '-c', 'fsync=off', '-c', 'hot_standby=on'],
  ];
  startChild(
    'pg-primary',
    join(bin, 'postgres'),
    serverArgs(dirs.primary, primaryPort),
    process.env,
    user,
  );
  const isReady = (port) =>
    spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'])
      .status === 0;
  await waitFor('the primary', async () => isReady(primaryPort), 30_000);
  // -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica
  run('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
    ...['-D', dirs.replica, '-R', '-X', 'stream', '--no-sync'],
  ]);
  startChild(
    'pg-replica',
    join(bin, 'postgres'),
    serverArgs(dirs.replica, replicaPort),
    process.env,
    user,
  );
  await waitFor('the replica', async () => isReady(replicaPort), 30_000);
  return {
    primary: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replica: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
  };
}
