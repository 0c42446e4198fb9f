import type { PGlite, PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL settings every embedded PGlite of the app starts with (decision 0109). PGlite 0.3
 * fixed `shared_buffers` at 128 MB on its own command line, and the buffers a server touches
 * (the catalogue, the start-up's checks) stayed resident in its WebAssembly memory; PGlite 0.4
 * takes `-c` settings. A folder's own `postgresql.conf` is not the place: a folder made by 0.3
 * says 400 kB there, one made by 0.4 128 MB, and the app should not run differently on each.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  // the demo's tables and indexes are ~10 MB; a seller's catalogue reads fit, and a page that
  // falls out is read back from the folder (the OS's page cache), not recomputed
  shared_buffers: '16MB',
};

/**
 * The database the app's rows live in. PGlite 0.3 had one, `template1`; 0.4 connects to
 * `postgres` by default, which in a folder made by 0.3 exists but is empty, so the server would
 * migrate and seed a new demo beside the old rows instead of opening them. Keeping `template1`
 * opens both kinds of folder the same way (0.4 keeps PostgreSQL 17, the same on-disk format).
 */
export const PGLITE_DATABASE = 'template1';

/**
 * `PGlite.create` options for the app: its database and settings, on top of PGlite's own start
 * parameters (its `startParams` replaces them rather than adding to them). The class is passed
 * in so this module loads no PGlite (a server on PostgreSQL never does, decision 0072).
 */
export function pgliteOptions(pglite: Pick<typeof PGlite, 'defaultStartParams'>): PGliteOptions {
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  return {
    database: PGLITE_DATABASE,
    startParams: [...pglite.defaultStartParams, ...settings],
  };
}
