import { PGlite } from '@electric-sql/pglite';
import { writeFile } from 'node:fs/promises';
import { openDatabase } from './connection';
import { PGLITE_TEMPLATE, templateStamp } from './pglite-template';

/** A new in-memory PGlite database with every migration applied, dumped as a tarball. */
export async function migratedPgliteDump(compression: 'none' | 'gzip'): Promise<Blob> {
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  try {
    await database.migrate();
    return await pglite.dumpDataDir(compression);
  } finally {
    await pglite.close();
  }
}

/** Writes the template a first start loads (pglite-template.ts), and its stamp beside it. */
export async function writePgliteTemplate(file = PGLITE_TEMPLATE): Promise<void> {
  const dump = await migratedPgliteDump('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await writeFile(`${file}.json`, `${JSON.stringify(templateStamp())}\n`);
}
