import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '@/db/connection';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a tarball of a freshly migrated PGlite data directory */
    pgliteTemplate: string;
  }
}

/**
 * Migrates PGlite once for the whole run and dumps the data directory; each test file then
 * loads that dump into its own database, which is far faster than migrating per file.
 */
export default async function setup(project: TestProject) {
  const pglite = await createPglite();
  const database = await openDatabase({ pglite });
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();

  const dir = await mkdtemp(join(tmpdir(), 'admit-pglite-'));
  const file = join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
