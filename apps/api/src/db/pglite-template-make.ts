import { writeFile } from 'node:fs/promises';
import { createPglite, openDatabase } from './connection';
import { PGLITE_TEMPLATE, templateStamp } from './pglite-template';

/**
 * A new in-memory PGlite database with every migration applied, dumped as a tarball; made with
 * the app's database and settings (pglite-settings.ts), as every PGlite it opens.
 */
export async function migratedPgliteDump(compression: 'none' | 'gzip'): Promise<Blob> {
  const pglite = await createPglite();
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
