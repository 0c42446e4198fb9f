import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sellerFileSchema, type SellerFile } from '@admit/contracts/seller-file/seller-file';
import { minorToDecimal } from '@admit/contracts/money';
import { sessionPriceTypePath } from '@admit/contracts/seller-file/catalogue';
import type { Db } from '@/db/connection';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  openPgliteTestDatabase,
  openPostgresTestDatabase,
  type TestDatabase,
} from '@/testing/test-database';
import { parseSellerFile } from './parse-file';
import { exportSeller, importSellerFile } from './service';

/**
 * Export → import → export gives the same file (issue 16 "Tests that must exist"): random valid
 * catalogues are imported into one database and exported; the export is imported into another
 * database (as a seller it has never seen) and exported again; the two files are equal, and
 * re-importing the export where it came from changes nothing.
 */
const NOW = new Date('2026-03-07T16:00:00Z');
const RUNS = Number(process.env.PROPERTY_RUNS ?? 10);

const money = fc.integer({ min: 0, max: 50_000 }).map(minorToDecimal);
const text = fc.constantFrom('Tours', 'Morning Walk', 'Gala: “Light”', 'Family & Friends', 'Café');
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const subset = <T>(values: T[]) => fc.subarray(values, { minLength: 0 });

const ticketType = (key: string) =>
  fc.record(
    {
      key: fc.constant(key),
      name: text,
      amount: money,
      description: maybe(text),
      fees: maybe(
        fc.array(
          fc.oneof(
            fc.record({ fixed: money }),
            fc.record({ percent: fc.constantFrom(5, 8.875, 20) }),
          ),
          {
            minLength: 1,
            maxLength: 2,
          },
        ),
      ),
      available: maybe(fc.boolean()),
    },
    { requiredKeys: ['key', 'name', 'amount'] },
  );

const group = (key: string) =>
  fc.record(
    {
      key: fc.constant(key),
      name: text,
      handler: maybe(fc.constantFrom('tickets' as const, 'passes' as const, 'membership' as const)),
      color: maybe(fc.nat(12)),
      visibility: maybe(
        fc.constantFrom('public_browsable' as const, 'public_member_only' as const),
      ),
      max_per_order: maybe(fc.integer({ min: 1, max: 20 })),
      sales_end: maybe(fc.constantFrom('2026-12-31T18:00', '2027-01-15T09:30')),
      start_policy_date: maybe(fc.constantFrom('today', 'today+3', '2026-06-01')),
      capacity: maybe(fc.nat(500)),
      meta: maybe(fc.constant({ admit_names: 'disabled' })),
      ticket_types: fc
        .integer({ min: 1, max: 3 })
        .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => ticketType(`t${i}`)))),
    },
    { requiredKeys: ['key', 'name', 'ticket_types'] },
  );

// a session's own prices by type key; keys naming no one type of the event are dropped below
const sessionPrices = fc.dictionary(fc.constantFrom('t0', 't1', 't2'), money, { minKeys: 1 });

const rule = (key: string) =>
  fc.record({
    key: fc.constant(key),
    repeat: maybe(fc.constantFrom('FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=TU,SA', 'FREQ=WEEKLY')),
    times: fc.subarray(['09:00', '10:30', '14:00', '19:45'], { minLength: 1 }),
    duration_minutes: fc.constantFrom(30, 90),
    capacity: maybe(fc.nat(80)),
    ahead_days: fc.integer({ min: 1, max: 8 }),
    closed: maybe(subset(['MO', '03-10', '2026-03-12'])),
    prices: maybe(sessionPrices),
  });

const event = (key: string) =>
  fc.record(
    {
      key: fc.constant(key),
      name: text,
      subtitle: maybe(text),
      category: maybe(fc.constantFrom('Admission', 'Tours')),
      type: fc.constantFrom('single' as const, 'repeating' as const, 'other' as const),
      visibility: maybe(fc.constantFrom('public_browsable' as const, 'public_link_only' as const)),
      meta: maybe(fc.constant({ reserve_flow: 'date_first', audience: 'Families' })),
      config: maybe(fc.constant({ 'web.ecommerce': { hide_sold_out_sessions: true } })),
      ticket_groups: fc
        .integer({ min: 0, max: 2 })
        .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => group(`g${i}`)))),
      session_rules: fc
        .integer({ min: 0, max: 2 })
        .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rule(`r${i}`)))),
      sessions: maybe(
        fc.tuple(
          fc.record({
            key: fc.constant('once'),
            date: fc.constantFrom('2026-04-01', 'today+9'),
            time: fc.constantFrom('18:00', '20:15'),
            duration_minutes: fc.constant(120),
            capacity: maybe(fc.nat(100)),
            closed: maybe(fc.boolean()),
            prices: maybe(sessionPrices),
          }),
        ),
      ),
    },
    { requiredKeys: ['key', 'name', 'type', 'ticket_groups', 'session_rules'] },
  );

// issue 24: a seat layout, compact rows and explicit ones, blocked and accessible seats
const seatRow = (name: string) =>
  fc
    .record({
      seats: fc.constantFrom('1-4', '5-1', '1-1', 'explicit'),
      x: fc.integer({ min: 0, max: 500 }),
      y: fc.integer({ min: 0, max: 500 }),
      dx: maybe(fc.constantFrom(10, 12.5, -7.25)),
      dy: maybe(fc.constantFrom(0.5, 3)),
      r: maybe(fc.constantFrom(6, 7.5)),
      blocked: fc.boolean(),
      accessible: fc.boolean(),
    })
    .map(({ seats, accessible, blocked, ...at }) =>
      seats === 'explicit'
        ? {
            row: name,
            seats: [
              { seat: 'A', x: at.x, y: at.y },
              { seat: 'B', x: at.x + 9.5, y: at.y + 1, r: 5 },
            ],
            ...(blocked ? { blocked: ['B'] } : {}),
          }
        : {
            row: name,
            seats,
            ...at,
            ...(blocked ? { blocked: [1] } : {}),
            ...(accessible && seats !== '1-1' ? { wheelchair: [1], companions: { '2': 1 } } : {}),
          },
    );
const seatLayout = fc.record(
  {
    seat_radius: maybe(fc.constantFrom(8, 9.25)),
    background: maybe(fc.constant('<rect x="1" y="2" width="30" height="4" onclick="x()"/>')),
    label: fc.boolean(),
    front: fc
      .subarray(['A', 'B', 'C'], { minLength: 1 })
      .chain((names) => fc.tuple(...names.map(seatRow))),
    back: fc
      .integer({ min: 1, max: 2 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => seatRow(`R${i}`)))),
    zones: fc.subarray(['front', 'back'], { minLength: 1 }),
  },
  { requiredKeys: ['label', 'front', 'back', 'zones'] },
);

const catalogue = fc
  .record({
    layout: maybe(seatLayout),
    currency: fc.constantFrom('USD', 'EUR', 'GBP'),
    timezone: fc.constantFrom('America/New_York', 'Europe/London', 'Asia/Tokyo'),
    venues: fc.integer({ min: 1, max: 2 }),
    closed: maybe(subset(['SU', '12-25'])),
    events: fc
      .integer({ min: 0, max: 3 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => event(`e${i}`)))),
    codes: fc.array(
      fc.record({
        percent: fc.boolean(),
        amount: fc.integer({ min: 0, max: 100 }),
        uses: maybe(fc.integer({ min: 1, max: 9 })),
      }),
      { maxLength: 2 },
    ),
    cards: fc.array(money, { maxLength: 2 }),
    plan: fc.boolean(),
    settings: maybe(
      fc.record(
        {
          text_strings: maybe(fc.constant({ 'listing.heading': 'Plan your visit' })),
          feature_flags: maybe(fc.constant({ show_calendar_prices: true })),
          authentication_method: maybe(fc.constantFrom('password' as const, 'otp' as const)),
          theme: maybe(fc.constant({ mode: 'dark' as const, colors: { primary: '#123456' } })),
        },
        { requiredKeys: [] },
      ),
    ),
  })
  .map((g): Omit<SellerFile, 'seller'> & { seller: Omit<SellerFile['seller'], 'slug'> } => {
    const events = g.events.map((e) => {
      // decision 0043: prices name a type key that is one type of the event
      const typePaths = e.ticket_groups.flatMap((gr) =>
        gr.ticket_types.map((t) => `${gr.key}/${t.key}`),
      );
      const ownPrices = <T extends { prices?: Record<string, string> }>(item: T): T => {
        const kept = Object.entries(item.prices ?? {}).filter(
          ([key]) => sessionPriceTypePath(typePaths, key) !== null,
        );
        return { ...item, prices: kept.length ? Object.fromEntries(kept) : undefined };
      };
      return {
        ...e,
        venue: g.venues > 1 ? 'v1' : undefined,
        ticket_groups: e.ticket_groups.length ? e.ticket_groups : undefined,
        session_rules: e.session_rules.length ? e.session_rules.map(ownPrices) : undefined,
        sessions: e.sessions?.map(ownPrices),
      };
    });
    const groups = events.flatMap((e) => (e.ticket_groups ?? []).map((gr) => ({ e, gr })));
    const plan = g.plan && groups.length > 0;
    if (plan) (groups[0]!.gr as { payment_plan?: string }).payment_plan = 'deposit';
    const members = groups.filter(({ gr }) => gr.handler === 'membership');
    const layout = g.layout && {
      key: 'hall',
      name: 'Hall',
      width: 600,
      height: 400.5,
      seat_radius: g.layout.seat_radius,
      zones: ['front', 'back'],
      background: g.layout.background,
      sections: [
        {
          name: 'Front',
          zone: 'front',
          label: g.layout.label ? { x: 300, y: 20.25 } : undefined,
          rows: g.layout.front,
        },
        {
          name: 'Back',
          zone: 'back',
          rows: g.layout.back,
        },
      ],
    };
    const seated = layout && events[0];
    if (seated) {
      (seated as { seat_layout?: string }).seat_layout = 'hall';
      seated.ticket_groups = [
        ...(seated.ticket_groups ?? []),
        {
          key: 'seats',
          name: 'Seats',
          handler: 'seated' as const,
          seat_zones: g.layout!.zones,
          ticket_types: [{ key: 'seat', name: 'Seat', amount: '10.00' }],
        } as never,
      ];
    }
    const first = events[0];
    return {
      seller: {
        name: 'Property Seller',
        currency: g.currency,
        timezone: g.timezone,
        settings: g.settings && {
          ...g.settings,
          ...(first ? { admission_event: first.key, anchor_events: [first.key] } : {}),
        },
      },
      venues: Array.from({ length: g.venues }, (_, i) => ({
        key: `v${i}`,
        name: `Hall ${i}`,
        ...(i === 0 && g.closed ? { closed: g.closed } : {}),
        ...(i === g.venues - 1 && layout ? { seat_layouts: [layout] } : {}),
      })),
      events: events.length ? events : undefined,
      codes: g.codes.length
        ? g.codes.map((c, i) => ({
            code: `CODE${i}`,
            name: `Code ${i}`,
            discount: c.percent ? { percent: c.amount } : { fixed: minorToDecimal(c.amount * 10) },
            max_uses: c.uses,
            applies_to: i === 0 && groups[0] ? `${groups[0].e.key}/${groups[0].gr.key}` : undefined,
          }))
        : undefined,
      gift_cards: g.cards.length
        ? g.cards.map((balance, i) => ({ number: `GIFTCARD-000${i}`, balance }))
        : undefined,
      payment_plans: plan
        ? [
            {
              key: 'deposit',
              name: 'Deposit',
              installments: [{ percent: 25 }, { percent: 75, days_before_start: 7 }],
            },
          ]
        : undefined,
      membership_programs: members.length
        ? [
            {
              key: 'members',
              name: 'Members',
              term_months: 12,
              renewal_days: 30,
              levels: members.flatMap(({ e, gr }) =>
                gr.ticket_types.map((t) => ({
                  ticket_type: `${e.key}/${gr.key}/${t.key}`,
                  benefits: { '*': 2 },
                  rules: [
                    {
                      role: 'primary',
                      min: 1,
                      max: 1,
                      named: 'yes' as const,
                      emailed: 'yes' as const,
                    },
                  ],
                })),
              ),
            },
          ]
        : undefined,
    };
  });

describeEachDatabase('seller file round trip', (ctx) => {
  let other: TestDatabase;
  beforeAll(async () => {
    other =
      ctx.kind === 'postgres'
        ? await openPostgresTestDatabase(process.env.TEST_DATABASE_URL!)
        : await openPgliteTestDatabase();
  });
  afterAll(() => other.dispose());

  let run = 0;
  const importInto = async (db: Db, file: SellerFile) =>
    importSellerFile(db, file, { now: NOW, images: new Map() });

  it('export → import → export gives the same file', async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, async (generated) => {
        const slug = `round-trip-${run++}`;
        const file = sellerFileSchema.parse({
          ...generated,
          seller: { slug, ...generated.seller },
        });
        await importInto(ctx.db, file);
        const first = (await exportSeller(ctx.db, slug))!;
        // the export is a valid file as written: parse it back from its YAML text
        await importInto(other.database.db, parseSellerFile(first.yaml, `${slug}.yaml`));
        const second = (await exportSeller(other.database.db, slug))!;
        expect(second.yaml).toEqual(first.yaml);
        const again = await importSellerFile(ctx.db, first.file, {
          now: NOW,
          images: new Map(),
          dryRun: true,
        });
        expect(again.lines).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
