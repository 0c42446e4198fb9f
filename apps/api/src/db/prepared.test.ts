import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { preparedNameOf, preparedOn } from './prepared';

const URL_ = process.env.TEST_DATABASE_URL;

/**
 * The hot statement's named way (decision 0118): PostgreSQL keeps one prepared statement per
 * text on each direct connection, and the answer is what an unnamed query answers.
 */
describe.skipIf(!URL_)('db: named prepared statements on a direct connection [postgres]', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    // one connection, so the session the statements were prepared in is the one asked
    pool = new pg.Pool({ connectionString: URL_, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
  });

  const preparedNames = async () =>
    (
      await pool.query<{ name: string }>(
        `select name from pg_prepared_statements where name like 'admit\\_%' order by name`,
      )
    ).rows.map((r) => r.name);

  it('prepares each text once under its hash and answers its rows', async () => {
    const execute = preparedOn(pool);
    const query = (n: number) => sql`select ${n}::integer + 1 as next, ${'a'}::text as tag`;
    expect((await execute<{ next: number; tag: string }>(query(1))).rows).toEqual([
      { next: 2, tag: 'a' },
    ]);
    expect((await execute<{ next: number }>(query(41))).rows[0]!.next).toBe(42);
    const first = preparedNameOf('select $1::integer + 1 as next, $2::text as tag');
    expect(await preparedNames()).toEqual([first]);
    // another text is another statement
    await execute(sql`select ${2}::integer * 2 as twice`);
    expect(await preparedNames()).toEqual(
      [first, preparedNameOf('select $1::integer * 2 as twice')].sort(),
    );
  });

  it('passes errors on with their SQLSTATE (the 40001 retry and the 23505 redraw read it)', async () => {
    const execute = preparedOn(pool);
    await expect(execute(sql`select 1 / ${0}::integer as x`)).rejects.toMatchObject({
      code: '22012',
    });
  });

  it('is offered only with a direct URL', async () => {
    const pooled = await openDatabase({ url: URL_! });
    const direct = await openDatabase({ url: URL_!, directUrl: URL_! });
    try {
      expect(pooled.prepared).toBeNull();
      const rows = (await direct.prepared!<{ one: number }>(sql`select ${1}::integer as one`)).rows;
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await Promise.all([pooled.close(), direct.close()]);
    }
  });
});

describe.skipIf(!!URL_)('db: named prepared statements on a direct connection [postgres]', () => {
  it.skip('needs TEST_DATABASE_URL', () => {});
});
