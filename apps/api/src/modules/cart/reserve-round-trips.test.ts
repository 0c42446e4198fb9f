import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, cartCall, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeConfig, makeMeta } from '@/testing/factories';
import { openPostgresTestDatabase, type TestDatabase } from '@/testing/test-database';

/**
 * The fast reserve path (docs/decisions/0011-reserve-path-round-trips.md): a new cart's answer
 * is assembled from the rows the plan read and the hold wrote, so it must equal a re-read of
 * the cart, and a reserve must stay within its round-trip budget.
 */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('cart: a new cart answered from the rows in hand', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  it('equals GET cart/{id}: tickets, counters after the hold, meta, config and venue', async () => {
    const scene = await makeReserveScene(ctx.db, {
      group: { capacity: 40, usedCapacity: 5 },
      session: { capacity: 30, usedCapacity: 2 },
    });
    await makeMeta(ctx.db, scene.group, 'ticket_group', 'admit_names', 'optional');
    await makeMeta(ctx.db, scene.event, 'event_template', 'web.note', { text: 'hello' });
    await makeConfig(ctx.db, scene.event, 'event_template', 'web.session_picker_tabs', true);
    const reserved = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: {
        ...addBody(scene, 2),
        reserve: {
          tickets: [
            {
              ticket_type_id: scene.type.id,
              event_session_id: scene.session.id,
              admit_name: 'Ada',
            },
          ],
        },
      },
    });
    const answer = bundleOf(reserved);
    const reread = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'GET',
        path: `cart/${answer.cart._data[0]!.id}`,
      }),
    );
    expect(answer).toEqual(reread);
    expect(answer.ticket._count).toBe(3);
    expect(answer.event_session._data[0]).toMatchObject({ used_capacity: 5 });
    expect(answer.ticket_group._data[0]).toMatchObject({ used_capacity: 8 });
    expect(answer.meta._count).toBe(2);
    expect(answer.config._count).toBe(1);
    expect(answer.venue._count).toBe(1);
  });

  it('equals GET cart/{id} on the coalesced path too (one session, no limited group)', async () => {
    const scene = await makeReserveScene(ctx.db, { session: { capacity: 30, usedCapacity: 2 } });
    await makeMeta(ctx.db, scene.group, 'ticket_group', 'admit_names', 'optional');
    const answer = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: addBody(scene, 2, { campaign: 'spring', additionalInfo: { heard: 'radio' } }),
      }),
    );
    const reread = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'GET',
        path: `cart/${answer.cart._data[0]!.id}`,
      }),
    );
    expect(answer).toEqual(reread);
    expect(answer.ticket._count).toBe(2);
    expect(answer.event_session._data[0]).toMatchObject({ used_capacity: 4 });
  });
});

const URL_ = process.env.TEST_DATABASE_URL;
/** seller, plan reads (types, sessions, hold minutes, meta, config), begin, cart, hold, commit */
const ROUND_TRIP_BUDGET = 10;
/**
 * The coalesced path (hold-batch.ts), one request alone that fits: seller, the same plan reads,
 * and ONE autocommitted statement for counter, cart and ticket (no begin, no lock, no commit).
 * Under a rush that statement is shared by every request of the batch.
 */
const COALESCED_BUDGET = 7;

/** Runs `reserve` once with every node-postgres query recorded (`names`: each one's name). */
async function recordQueries(reserve: () => Promise<{ statusCode: number }>, names: string[] = []) {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  // every pooled and transactional query of node-postgres goes through Client#query
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string; name?: string };
    statements.push(typeof config === 'string' ? config : config.text);
    names.push(typeof config === 'string' ? '' : (config.name ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    expect((await reserve()).statusCode).toBe(201);
  } finally {
    pg.Client.prototype.query = original;
  }
  return statements;
}

describe.skipIf(!URL_)('cart: round trips of one reserve [postgres]', () => {
  let handle: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    handle = await openPostgresTestDatabase(URL_!, 5);
    app = await buildTestApp(handle.database, { now: NOW });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  it(`reserves on a new cart in at most ${ROUND_TRIP_BUDGET} round trips, session and group in one statement`, async () => {
    const scene = await makeReserveScene(handle.database.db, { group: { capacity: 100 } });
    const reserve = () =>
      cartCall(app, scene.seller, { method: 'POST', path: 'my/cart/modify', body: addBody(scene) });
    expect((await reserve()).statusCode).toBe(201); // fills the public identity cache
    const statements = await recordQueries(reserve);
    expect(statements.length).toBeLessThanOrEqual(ROUND_TRIP_BUDGET);
    const writes = statements.filter((s) => /^\s*(with|update|insert)/i.test(s));
    // the cart row, then ONE statement for both counters and the ticket
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatch(
      /update event_session[\s\S]*update ticket_group[\s\S]*insert into ticket/,
    );
  });

  it(`coalesces a one-session reserve: at most ${COALESCED_BUDGET} round trips, one write statement and no transaction`, async () => {
    const scene = await makeReserveScene(handle.database.db);
    const reserve = () =>
      cartCall(app, scene.seller, { method: 'POST', path: 'my/cart/modify', body: addBody(scene) });
    expect((await reserve()).statusCode).toBe(201);
    const statements = await recordQueries(reserve);
    expect(statements.length).toBeLessThanOrEqual(COALESCED_BUDGET);
    expect(statements.filter((s) => /for update|^\s*(begin|commit)/i.test(s))).toEqual([]);
    const writes = statements.filter((s) => /^\s*(with|update|insert)/i.test(s));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(
      /update event_session[\s\S]*insert into cart[\s\S]*insert into ticket/,
    );
  });
});

describe.skipIf(!URL_)(
  'cart: the coalesced statement prepared on a direct connection [postgres]',
  () => {
    let handle: TestDatabase;
    let app: FastifyInstance;
    beforeAll(async () => {
      handle = await openPostgresTestDatabase(URL_!, 5, { direct: true });
      app = await buildTestApp(handle.database, { now: NOW });
    });
    afterAll(async () => {
      await app?.close();
      await handle?.dispose();
    });

    it('sends the batch as one named statement (decision 0118), within the same budget', async () => {
      const scene = await makeReserveScene(handle.database.db, { session: { capacity: 10 } });
      const reserve = () =>
        cartCall(app, scene.seller, {
          method: 'POST',
          path: 'my/cart/modify',
          body: addBody(scene),
        });
      expect((await reserve()).statusCode).toBe(201);
      const names: string[] = [];
      const statements = await recordQueries(reserve, names);
      expect(statements.length).toBeLessThanOrEqual(COALESCED_BUDGET);
      const writes = statements.flatMap((s, i) =>
        /^\s*(with|update|insert)/i.test(s) ? [{ text: s, name: names[i] }] : [],
      );
      expect(writes).toHaveLength(1);
      expect(writes[0]!.text).toMatch(/update event_session[\s\S]*insert into cart/);
      expect(writes[0]!.name).toMatch(/^admit_[0-9a-f]{20}$/);
      // the same statement the second time: the name PostgreSQL already planned
      const again: string[] = [];
      await recordQueries(reserve, again);
      expect(again).toContain(writes[0]!.name);
      const { rows } = await handle.database.db.execute<{ used_capacity: number }>(
        sql`select used_capacity from event_session where id = ${scene.session.id}::uuid`,
      );
      expect(Number(rows[0]!.used_capacity)).toBe(3);
    });
  },
);

describe.skipIf(!!URL_)('cart: round trips of one reserve [postgres]', () => {
  it.skip('needs TEST_DATABASE_URL (counts node-postgres queries)', () => {});
});
