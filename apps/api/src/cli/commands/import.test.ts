import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run as importCommand } from './import';
import type { CliIo } from '../cli-io';
import { catalogKey, ticketType } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { localDate, localTime } from '@/lib/zoned-time';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';

// A seller file imported through the CLI's own command: updates in place, refuses to remove
// what has tickets (and says how to close it instead), and allows it once nothing is sold.

const NOW = new Date('2026-03-01T15:00:00Z');
const ZONE = 'Europe/Dublin';

const shop = ({ childType = true, closed = '[]', price = '12.50' } = {}) => `seller:
  slug: refuse-shop
  name: Refuse Shop
  currency: EUR
  timezone: ${ZONE}
venues:
  - key: main
    name: The Shop
events:
  - key: tours
    name: Tours
    type: repeating
    ticket_groups:
      - key: tour
        name: Tour
        ticket_types:
          - key: adult
            name: Adult
            amount: "${price}"
${
  childType
    ? `          - key: child
            name: Child
            amount: "6.00"
`
    : ''
}    session_rules:
      - key: daily
        times: ["11:00", "15:00"]
        duration_minutes: 60
        capacity: 10
        ahead_days: 10
        closed: ${closed}
    sessions:
      - key: gala
        date: "2026-03-05"
        time: "19:00"
        duration_minutes: 120
        capacity: 40
`;

describeEachDatabase('npm run seller -- import', (ctx) => {
  const dir = mkdtempSync(join(tmpdir(), 'seller-file-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(() => app.close());

  let clock = NOW;
  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      stdout: (t) => out.push(t.replace(/\n$/, '')),
      stderr: (t) => err.push(t.replace(/\n$/, '')),
      database: ctx.database,
      db: ctx.db,
      now: () => clock,
    };
    const code = await importCommand(
      argv.map((a) => (a.startsWith('-') ? a : join(dir, a))),
      io,
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
  const idOf = async (kind: string, key: string) =>
    (
      await ctx.db
        .select({ id: catalogKey.resourceId })
        .from(catalogKey)
        .where(and(eq(catalogKey.kind, kind), eq(catalogKey.key, key)))
    )[0]?.id;
  const ruleSessions = async () =>
    (
      await ctx.db
        .select()
        .from(eventSession)
        .where(isNotNull(eventSession.sessionRuleId))
        .orderBy(eventSession.startDatetime)
    ).map((s) => `${localDate(s.startDatetime, ZONE)} ${localTime(s.startDatetime, ZONE)}`);

  it('creates the seller, then a changed file updates it in place', async () => {
    write('v1.yaml', shop());
    const first = await cli('v1.yaml');
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toContain('+ 20 sessions of tours/daily (2026-03-01 … 2026-03-10)');
    expect(await ruleSessions()).toHaveLength(20);
    const adult = await idOf('ticket_type', 'tours/tour/adult');

    write('v1-dearer.yaml', shop({ price: '13.00', closed: '["2026-03-04"]' }));
    const dry = await cli('v1-dearer.yaml', '--dry-run');
    expect(dry.out.split('\n')).toEqual([
      '~ ticket type tours/tour/adult: amount',
      '~ session rule tours/daily: definition',
      '- 2 sessions of tours/daily',
      'Dry run: nothing was changed (3 changes planned).',
    ]);
    const [unchanged] = await ctx.db.select().from(ticketType).where(eq(ticketType.id, adult!));
    expect(unchanged!.amount).toBe(1250);

    expect((await cli('v1-dearer.yaml')).code).toBe(0);
    const [dearer] = await ctx.db.select().from(ticketType).where(eq(ticketType.id, adult!));
    expect(dearer!.amount).toBe(1300);
    expect(await idOf('ticket_type', 'tours/tour/adult')).toBe(adult);
    expect(await ruleSessions()).not.toContain('2026-03-04 11:00');
    expect(await ruleSessions()).toHaveLength(18);
    // the same file again: nothing to do
    expect((await cli('v1-dearer.yaml')).out).toMatch(/^No changes\./);
    expect((await cli('v1.yaml')).code).toBe(0);
  });

  it('refuses to remove a session or a type with a held ticket, and says how to close it', async () => {
    const child = (await idOf('ticket_type', 'tours/tour/child'))!;
    const [session] = await ctx.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.startDatetime, new Date('2026-03-03T11:00:00Z')));
    const held = bundleOf(
      await cartCall(
        app,
        { slug: 'refuse-shop' },
        {
          method: 'POST',
          path: 'my/cart/modify',
          body: {
            add: [
              {
                event_session_id: session!.id,
                ticket_types_required: [{ ticket_type_id: child, quantity: 1 }],
              },
            ],
          },
        },
      ),
    );
    const cartId = held.cart._data[0]!.id;
    const ticketId = held.ticket!._data[0]!.id;

    // the child type goes, and 3 March closes: both have the held ticket
    write('v2.yaml', shop({ childType: false, closed: '["2026-03-03"]' }));
    const refusal = [
      'The import was refused; nothing was changed:',
      '  ticket type tours/tour/child has 1 ticket: it cannot be removed; keep it in the file with available: false to stop selling it.',
      '  session tours/daily 2026-03-03 11:00 has 1 ticket: it cannot be removed; keep it in the file (as a one-off session with closed: true if its rule no longer makes it) to stop its sales.',
    ].join('\n');
    expect(await cli('v2.yaml', '--dry-run')).toMatchObject({ code: 2, err: refusal });
    expect(await cli('v2.yaml')).toMatchObject({ code: 2, err: refusal });
    expect(await idOf('ticket_type', 'tours/tour/child')).toBe(child);
    expect(await ruleSessions()).toContain('2026-03-03 11:00');
    expect(await ruleSessions()).toContain('2026-03-03 15:00');

    // the buyer lets the ticket go: nothing is sold any more, the same file now applies
    const removed = await cartCall(
      app,
      { slug: 'refuse-shop' },
      {
        method: 'POST',
        path: `cart/${cartId}/remove`,
        body: { tickets: [ticketId] },
      },
    );
    expect(removed.statusCode).toBeLessThan(300);
    const applied = await cli('v2.yaml');
    expect(applied.code).toBe(0);
    expect(applied.out).toContain('- ticket type tours/tour/child');
    expect(await idOf('ticket_type', 'tours/tour/child')).toBeUndefined();
    expect(await ruleSessions()).not.toContain('2026-03-03 11:00');
  });

  it('a re-import days later rolls the window forward and leaves past sessions as they were', async () => {
    const before = await ruleSessions();
    expect(before[0]).toBe('2026-03-01 11:00');
    expect(before.at(-1)).toBe('2026-03-10 15:00');
    clock = new Date('2026-03-04T09:00:00Z');
    try {
      const rolled = await cli('v2.yaml');
      expect(rolled.code).toBe(0);
      expect(rolled.out).toContain('+ 6 sessions of tours/daily (2026-03-11 … 2026-03-13)');
      const after = await ruleSessions();
      // 1–3 March are history: kept, not laid out again
      expect(after.filter((s) => s < '2026-03-04')).toEqual(before.filter((s) => s < '2026-03-04'));
      expect(after.at(-1)).toBe('2026-03-13 15:00');
      expect((await cli('v2.yaml')).out).toMatch(/^No changes\./);
    } finally {
      clock = NOW;
    }
  });
});
