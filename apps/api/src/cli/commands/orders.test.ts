import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sellerOrdersResponseSchema } from '@admit/contracts/seller-api';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { identity } from '@/db/schema/identity';
import { buyOrder, type BoughtOrder } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { runCli } from '../cli-test-kit';

/**
 * `npm run seller -- orders SLUG …` (decision 0042): one CSV row per ticket under a header,
 * names with commas, quotes and line breaks quoted as RFC 4180 has it, `--since` filtering.
 */

let clock = new Date('2029-06-01T14:00:00Z');
const pad = (n: number) => String(n).padStart(2, '0');
// a name a spreadsheet must not split: a comma, a quote and a line break
const TRICKY = 'Hopper, "Amazing"\nGrace';

/** RFC 4180 rows (quoted fields may hold commas, "" and line breaks): the test's own reader. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  return rows;
}

describeEachDatabase('cli: orders export', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  const orders: BoughtOrder[] = [];
  const placedAt: Date[] = [];

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db, { type: { amount: 0, name: 'Adult, "standing"' } });
    for (const quantity of [1, 2]) {
      placedAt.push(clock);
      // the first visit came from a campaign whose name a spreadsheet must not split
      orders.push(
        await buyOrder(
          app,
          scene,
          quantity,
          quantity === 1 ? { campaign: 'winter, "poster"' } : {},
        ),
      );
      clock = new Date(clock.getTime() + 3_600_000);
    }
    // the buyer’s name (a guest found again by e-mail: both orders), and one admit name, hold
    // a comma, a quote and a line break
    const [second] = await ctx.db
      .select()
      .from(ticketOrder)
      .where(eq(ticketOrder.id, orders[1]!.orderId));
    await ctx.db
      .update(identity)
      .set({ firstName: 'Ada', lastName: TRICKY })
      .where(eq(identity.id, second!.identityId));
    await ctx.db
      .update(ticket)
      .set({ admitName: TRICKY })
      .where(eq(ticket.id, orders[1]!.ticketIds[0]!));
    // a discounted line charged a service charge and tax, and a cancelled ticket (issue #22);
    // the fees are the ones frozen on the ticket at checkout (decision 0047), not its type's
    await ctx.db
      .update(ticket)
      .set({ faceValue: 2000, adjustedValue: 1500, feeFixedOutside: 150, feePercentOutside: 133 })
      .where(eq(ticket.id, orders[0]!.ticketIds[0]!));
    await ctx.db
      .update(ticket)
      .set({ state: 'cancelled' })
      .where(eq(ticket.id, orders[1]!.ticketIds[1]!)); // the first order's answers to its checkout questions (decision 0064), a comma and a quote in one
    await ctx.db
      .update(ticketOrder)
      .set({ additionalInfo: { group_name: 'Hillside, "Year 5"' } })
      .where(eq(ticketOrder.id, orders[0]!.orderId));
  });
  afterAll(async () => {
    await app.close();
  });

  it('writes a header and one row per ticket, quoting commas, quotes and line breaks', async () => {
    const res = await runCli(ctx, ['orders', scene.seller.slug, '--format', 'csv']);
    expect(res.code, res.stderr).toBe(0);
    const [header, ...rows] = parseCsv(res.stdout);
    expect(header).toEqual([
      'order_number',
      'order_id',
      'placed_at',
      'purchaser_name',
      'purchaser_email',
      'currency',
      'order_total',
      'campaign',
      'additional_info',
      'ticket_id',
      'ticket_state',
      'scan_code',
      'event',
      'ticket_group',
      'ticket_type',
      'session_start',
      'timezone',
      'admit_name',
      'face_value',
      'paid_value',
      'discount',
      'service_charge',
      'tax',
      'line_total',
      'redeemed_at',
    ]);
    expect(rows).toHaveLength(3);
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => r[col('order_id')])).toEqual([
      orders[0]!.orderId,
      orders[1]!.orderId,
      orders[1]!.orderId,
    ]);
    expect(rows.every((r) => r.length === header!.length)).toBe(true);
    expect(rows.map((r) => r[col('campaign')])).toEqual(['winter, "poster"', '', '']);
    // the answers as one JSON object; an order without any leaves the column empty
    expect(rows.map((r) => r[col('additional_info')])).toEqual([
      '{"group_name":"Hillside, \\"Year 5\\""}',
      '',
      '',
    ]);
    const tricky = rows.find((r) => r[col('ticket_id')] === orders[1]!.ticketIds[0]);
    expect(tricky![col('purchaser_name')]).toBe(`Ada ${TRICKY}`);
    expect(tricky![col('admit_name')]).toBe(TRICKY);
    expect(tricky![col('ticket_type')]).toBe('Adult, "standing"');
    expect(rows[0]![col('purchaser_email')]).toBe('grace@example.org');
    expect(rows[0]![col('ticket_state')]).toBe('booked');
    expect(rows[0]![col('scan_code')]).toMatch(/^[0-9A-F]{16}$/);
    // placed at the test clock's instants, written as the New York seller's June wall time
    expect(rows.map((r) => r[col('placed_at')])).toEqual(
      [placedAt[0]!, placedAt[1]!, placedAt[1]!].map((at) =>
        expect.stringMatching(new RegExp(`^2029-06-01T${pad(at.getUTCHours() - 4)}:00:00-04:00$`)),
      ),
    );
    expect(rows.map((r) => new Date(r[col('placed_at')]!).getTime())).toEqual(
      [placedAt[0]!, placedAt[1]!, placedAt[1]!].map((at) => at.getTime()),
    );
    // the session at 15:00Z reads as the New York venue's 10:00, with its offset
    expect(rows.map((r) => r[col('session_start')])).toEqual(
      Array(3).fill('2030-01-01T10:00:00-05:00'),
    );
    // 20.00 less 5.00 off, 1.50 service charge, 8.875 % tax on 15.00 = 1.33: 17.83
    expect(
      ['face_value', 'paid_value', 'discount', 'service_charge', 'tax', 'line_total'].map(
        (name) => rows[0]![col(name)],
      ),
    ).toEqual(['20.00', '15.00', '5.00', '1.50', '1.33', '17.83']);
    // the raw text really quotes: the line break inside the name is inside quotes
    expect(res.stdout).toContain(`"Ada Hopper, ""Amazing""\nGrace"`);
  });

  it('keeps only the orders placed since --since, and writes JSON to --out', async () => {
    const since = new Date(clock.getTime() - 3_600_000 - 1).toISOString();
    const csv = await runCli(ctx, ['orders', scene.seller.slug, '--since', since]);
    const ids = parseCsv(csv.stdout)
      .slice(1)
      .map((r) => r[1]);
    expect(ids).toEqual([orders[1]!.orderId, orders[1]!.orderId]);

    const dir = await mkdtemp(join(tmpdir(), 'admit-orders-'));
    try {
      const out = join(dir, 'orders.json');
      const res = await runCli(ctx, [
        'orders',
        scene.seller.slug,
        '--format',
        'json',
        '--since',
        since,
        '--out',
        out,
      ]);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toBe('');
      expect(res.stderr).toContain('Wrote 1 orders, 2 tickets');
      const body = sellerOrdersResponseSchema.parse(JSON.parse(await readFile(out, 'utf8')));
      expect(body.ticket_order._data.map((o) => o.id)).toEqual([orders[1]!.orderId]);
      expect(body.ticket._count).toBe(2);
      // one of the two tickets was cancelled: the order counts the one that is live
      expect(body.ticket._data.map((t) => t.state).sort()).toEqual(['booked', 'cancelled']);
      expect(body.ticket_order._data[0]!.ticket_count).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad date, format or seller', async () => {
    for (const [argv, code] of [
      [['orders', scene.seller.slug, '--since', 'yesterday'], 2],
      [['orders', scene.seller.slug, '--format', 'xlsx'], 2],
      [['orders'], 2],
      [['orders', 'no-such-seller'], 1],
    ] as const) {
      const res = await runCli(ctx, [...argv]);
      expect(res.code, argv.join(' ')).toBe(code);
      expect(res.stdout).toBe('');
    }
  });
});
