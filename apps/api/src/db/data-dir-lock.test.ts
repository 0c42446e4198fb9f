import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './connection';
import { DataDirInUseError } from './data-dir-lock';

let root: string;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** A process id that is not running: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('a PGlite folder has one user at a time', () => {
  it('refuses a second opener while the first holds it, and lets it go on close', async () => {
    root = await mkdtemp(join(tmpdir(), 'admit-lock-'));
    const dir = join(root, 'pglite');
    const first = await openDatabase({ dataDir: dir });
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(`${process.pid}\n`);

    const second = openDatabase({ dataDir: dir });
    await expect(second).rejects.toThrow(DataDirInUseError);
    await expect(second).rejects.toThrow(`in use by process ${process.pid}`);
    // the refused opener left the holder's lock and data alone
    await first.db.execute(sql`create table kept (n int)`);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);

    const again = await openDatabase({ dataDir: dir });
    await again.db.execute(sql`insert into kept values (1)`);
    await again.close();
  });

  it('takes over a lock left by a process that died', async () => {
    root = await mkdtemp(join(tmpdir(), 'admit-lock-'));
    const dir = join(root, 'pglite');
    await writeFile(`${dir}.lock`, `${await deadPid()}\n`);
    const database = await openDatabase({ dataDir: dir });
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    await database.close();
  });

  it('takes no lock for memory://', async () => {
    const a = await openDatabase({ dataDir: 'memory://' });
    const b = await openDatabase({ dataDir: 'memory://' });
    await Promise.all([a.close(), b.close()]);
  });
});
