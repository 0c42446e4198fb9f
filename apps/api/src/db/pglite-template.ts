import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The empty, migrated PGlite database that the build leaves beside the compiled server
 * (decision 0110). A first start on an empty folder loads it instead of running PostgreSQL's
 * initdb and every migration inside WebAssembly, which was most of a fresh install's first
 * start (about 5.5 s of CPU for initdb alone). Absent when run from source: tests and
 * development start as before.
 */
export const PGLITE_TEMPLATE = fileURLToPath(new URL('./pglite-template.tar', import.meta.url));
interface TemplateStamp {
  /** the PGlite that made it: another version's data folder may not open */
  pglite: string;
}

/** The installed PGlite's version (its exports hide package.json; the entry's folder has it). */
export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = createRequire(import.meta.url)(join(dirname(dirname(entry)), 'package.json'));
  return (manifest as { version: string }).version;
}

/** What the build writes beside the template, at `${template}.json`. */
export function templateStamp(): TemplateStamp {
  return { pglite: installedPgliteVersion() };
}

/**
 * The template to load into `dataDir`, or undefined when the folder already holds a database,
 * when there is no template, or when another PGlite made it (`npm install` moved PGlite on
 * without a rebuild): then PGlite makes the database itself, as it always could.
 */
export async function pgliteTemplateFor(
  dataDir: string,
  template = PGLITE_TEMPLATE,
): Promise<Blob | undefined> {
  const onDisk = !dataDir.includes('://');
  if (onDisk && existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  let stamp: TemplateStamp;
  try {
    stamp = JSON.parse(await readFile(`${template}.json`, 'utf8')) as TemplateStamp;
  } catch {
    return undefined;
  }
  if (stamp.pglite !== installedPgliteVersion()) return undefined;
  try {
    return new Blob([await readFile(template)]);
  } catch {
    return undefined;
  }
}
