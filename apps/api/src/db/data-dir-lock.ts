import { open, readFile, rm } from 'node:fs/promises';

/** A PGlite folder opened by a second process: it would corrupt, so it is refused. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite keeps its files in one folder and assumes it is their only user: a server and the
 * seller CLI (or two servers) on the same DATA_DIR would write over each other. This takes
 * `{dir}.lock` beside the folder (never inside it: PGlite owns that) holding this process's id,
 * and refuses, naming the holder, while another live process has it. A lock left by a process
 * that died (a crash, SIGKILL) is taken over. Returns the release.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = `${dir.replace(/\/+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(path, 'wx');
      await file.writeFile(`${process.pid}\n`);
      await file.close();
      return async () => {
        // only our own lock: a later holder's is not ours to remove
        const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
        if (holder === process.pid) await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    if (isAlive(holder)) {
      throw new DataDirInUseError(
        `The database folder ${dir} is in use by process ${holder} (an Admit server or the ` +
          'seller command). PGlite opens a folder from one process at a time: stop that ' +
          'process first, or run on PostgreSQL (DATABASE_URL).',
      );
    }
    await rm(path, { force: true });
  }
  throw new DataDirInUseError(`Could not take the lock ${path} of the database folder ${dir}.`);
}
