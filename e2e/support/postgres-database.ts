import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the suite may also run on (CI sets it; decision 0108). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface ThrowawayDatabase {
  /** the connection string of the new database, for the server's DATABASE_URL */
  url: string;
  /** the slugs of the sellers in it: the demo's once a server has seeded it */
  sellerSlugs(): Promise<string[]>;
  /** drops it, closing whatever connections are left */
  drop(): Promise<void>;
}

/** One statement on a short connection of its own. */
async function queryOnce<Row extends object>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A fresh, uniquely named database (`admit_e2e_<random>`) on the server of `url`, with its
 * credentials, for one started server: the server migrates and seeds it as on a first start, and
 * repeated or parallel runs never share rows.
 */
export async function createThrowawayDatabase(url: string): Promise<ThrowawayDatabase> {
  const name = `admit_e2e_${randomBytes(6).toString('hex')}`;
  await queryOnce(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    sellerSlugs: async () =>
      (await queryOnce<{ slug: string }>(target.toString(), 'select slug from seller')).map(
        (row) => row.slug,
      ),
    drop: () =>
      queryOnce(url, `drop database if exists ${name} with (force)`).then(() => undefined),
  };
}
