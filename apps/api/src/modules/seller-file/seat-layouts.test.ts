import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { cart, ticket } from '@/db/schema/cart';
import { identity } from '@/db/schema/identity';
import { seatLayout, seatTemplate, seatTemplateGroup } from '@/db/schema/seats';
import { eventSession } from '@/db/schema/sessions';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { SellerFileError } from './file-errors';
import { parseSellerFile } from './parse-file';
import { rollSessionRules } from './roll';
import { ImportRefusedError } from './file-errors';
import { exportSeller, importSellerFile } from './service';

/** Seat layouts in a seller file (issue 24, decision 0052 "Seller file"). */
const NOW = new Date('2026-03-07T16:00:00Z');

const HALL = `seller:
  slug: little-theatre
  name: Little Theatre
  currency: GBP
  timezone: Europe/London
venues:
  - key: main
    name: The Theatre
    seat_layouts:
      - key: hall
        name: The Hall
        width: 400
        height: 300
        zones: [stalls, circle]
        background: <rect x="100" y="10" width="200" height="30" fill="#333" onclick="x()"/><script>alert(1)</script><a href="javascript:x"><text>bad</text></a><text x="200" y="30" style="fill:url(http://evil)">Stage</text>
        sections:
          - name: Stalls
            label: {x: 200, y: 60}
            zone: stalls
            rows:
              - row: A
                seats: 1-6
                x: 100
                y: 80
                dx: 20.5
                blocked: [3]
                wheelchair: [1]
                companions: {'2': 1}
              - row: B
                seats: 6-1
                x: 100
                y: 100
                dx: 20.5
          - name: Circle
            zone: circle
            rows:
              - row: C
                seats:
                  - {seat: 1, x: 110, y: 200}
                  - {seat: 2, x: 130, y: 205, r: 9}
                  - {seat: 3, x: 150, y: 210, zone: stalls}
events:
  - key: play
    name: The Play
    type: single
    seat_layout: hall
    ticket_groups:
      - key: stalls
        name: Stalls
        handler: seated
        seat_zones: [stalls]
        ticket_types:
          - {key: adult, name: Adult, amount: '30.00'}
      - key: circle
        name: Circle
        handler: seated
        seat_zones: [circle]
        ticket_types:
          - {key: adult, name: Adult, amount: '20.00'}
    sessions:
      - key: opening
        date: '2026-04-01'
        time: '19:30'
        duration_minutes: 120
`;

function issuesOf(text: string) {
  try {
    parseSellerFile(text, 'theatre.yaml');
  } catch (error) {
    if (error instanceof SellerFileError) return error.issues;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('seat layout checks name the line', () => {
  it('accepts the hall', () => {
    expect(parseSellerFile(HALL, 'theatre.yaml').venues[0]!.seat_layouts![0]!.key).toBe('hall');
  });

  it('an unknown zone, a duplicate seat, a companion without its wheelchair seat', () => {
    const issues = issuesOf(
      HALL.replace('            zone: circle\n', '            zone: gallery\n')
        .replace('  - {seat: 2, x: 130, y: 205, r: 9}', '  - {seat: 1, x: 130, y: 205, r: 9}')
        .replace("companions: {'2': 1}", "companions: {'2': 4}"),
    );
    expect(issues).toEqual([
      {
        path: 'venues[0].seat_layouts[0].sections[0].rows[0].companions.2',
        line: 28,
        message: 'companion seat 2 needs a wheelchair seat of row A: 4 is not one',
      },
      {
        path: 'venues[0].seat_layouts[0].sections[1].zone',
        line: 35,
        message: 'no zone gallery in layout hall (zones: stalls, circle)',
      },
      {
        path: 'venues[0].seat_layouts[0].sections[1].rows[0].seats[1]',
        line: 40,
        message: 'duplicate seat 1 in row C of Circle',
      },
      {
        path: 'venues[0].seat_layouts[0].zones[1]',
        line: 14,
        message: 'zone circle has no seats',
      },
    ]);
  });

  it('a layout no venue has, and zones the event’s layout lacks', () => {
    const issues = issuesOf(
      HALL.replace(
        '        duration_minutes: 120\n',
        '        duration_minutes: 120\n        seat_layout: hal\n',
      ).replace('seat_zones: [circle]', 'seat_zones: [circle, boxes]'),
    );
    expect(issues).toEqual([
      {
        path: 'events[0].sessions[0].seat_layout',
        line: 65,
        message: 'no venue has the seat layout hal',
      },
      {
        path: 'events[0].ticket_groups[1].seat_zones[1]',
        line: 57,
        message: 'no seat layout of play has the zone boxes',
      },
    ]);
  });

  it('seat_zones need a seated group, and a seated group its zones', () => {
    const issues = issuesOf(
      HALL.replace(
        '        handler: seated\n        seat_zones: [stalls]\n',
        '        seat_zones: [stalls]\n',
      ).replace('        seat_zones: [circle]\n', ''),
    );
    expect(issues).toEqual([
      {
        path: 'events[0].ticket_groups[0].seat_zones',
        line: 50,
        message: 'seat_zones belong to a group with handler seated',
      },
      {
        path: 'events[0].ticket_groups[1]',
        line: 53,
        message: 'a seated group of an event with a seat layout names its seat_zones',
      },
    ]);
  });
});

describeEachDatabase('seat layouts import and export', (ctx) => {
  let file: SellerFile;
  beforeAll(() => {
    file = parseSellerFile(HALL, 'theatre.yaml');
  });
  const importFile = (f: SellerFile, dryRun = false) =>
    importSellerFile(ctx.db, f, { now: NOW, images: new Map(), dryRun });
  const seats = () => ctx.db.select().from(seatTemplate).orderBy(asc(seatTemplate.sort));

  it('expands the layout into seats with neighbours, companions, zones and groups', async () => {
    const result = await importFile(file);
    expect(result.lines).toContain('+ 15 seats of seat layout hall');
    const [layout] = await ctx.db.select().from(seatLayout);
    expect(layout).toMatchObject({ key: 'hall', name: 'The Hall', width: 400, height: 300 });
    expect(layout!.sections).toEqual([{ name: 'Stalls', x: 200, y: 60 }]);
    // only the rect and the text survive, without the handler, the script, the link or the url
    expect(layout!.otherElements).toBe(
      '<rect x="100" y="10" width="200" height="30" fill="#333"></rect><text x="200" y="30">Stage</text>',
    );
    const all = await seats();
    expect(all.map((s) => `${s.row}${s.seat}`)).toEqual(
      'A1 A2 A3 A4 A5 A6 B6 B5 B4 B3 B2 B1 C1 C2 C3'.split(' '),
    );
    const byName = new Map(all.map((s) => [`${s.row}${s.seat}`, s]));
    const seat = (name: string) => byName.get(name)!;
    expect(seat('A2')).toMatchObject({ x: 120.5, y: 80, r: 8, accessibility: 'companion' });
    expect(seat('A2').companionOf).toBe(seat('A1').id);
    expect(seat('A1').accessibility).toBe('wheelchair');
    expect(seat('A3').blocked).toBe(true);
    // the neighbour chain runs along each row, in the row's order, and stops at its ends
    expect([seat('A1').previousId, seat('A1').nextId]).toEqual([null, seat('A2').id]);
    expect([seat('A6').nextId, seat('B6').previousId]).toEqual([null, null]);
    expect(seat('B5').previousId).toBe(seat('B6').id);
    expect(seat('C2').r).toBe(9);
    expect([seat('C1').zone, seat('C3').zone]).toEqual(['circle', 'stalls']);
    const links = await ctx.db.select().from(seatTemplateGroup);
    expect(links).toHaveLength(15);
    const [session] = await ctx.db.select().from(eventSession);
    expect(session!.seatLayoutId).toBe(layout!.id);
    // decision 0052: a seated session's capacity is its layout's seats on sale (not blocked)
    expect(session!.capacity).toBe(14);
    expect((await importFile(file, true)).lines).toEqual([]);
  });

  it('exports the compact form, which imports to the same', async () => {
    const exported = (await exportSeller(ctx.db, 'little-theatre'))!;
    const layout = exported.file.venues[0]!.seat_layouts![0]!;
    expect(layout.sections[0]).toEqual({
      name: 'Stalls',
      label: { x: 200, y: 60 },
      zone: 'stalls',
      rows: [
        {
          row: 'A',
          seats: '1-6',
          x: 100,
          y: 80,
          dx: 20.5,
          blocked: [3],
          wheelchair: [1],
          companions: { '2': 1 },
        },
        { row: 'B', seats: '6-1', x: 100, y: 100, dx: 20.5 },
      ],
    });
    expect(exported.file.events![0]!.seat_layout).toBe('hall');
    expect(exported.file.events![0]!.ticket_groups![0]!.seat_zones).toEqual(['stalls']);
    expect(exported.file.events![0]!.sessions![0]!.capacity).toBeUndefined();
    expect(exported.yaml.split('\n').length).toBeLessThan(120);
    expect((await importFile(parseSellerFile(exported.yaml, 'x.yaml'), true)).lines).toEqual([]);
  });

  const hold = async () => {
    const [session] = await ctx.db.select().from(eventSession);
    const [a4] = await ctx.db
      .select()
      .from(seatTemplate)
      .where(and(eq(seatTemplate.row, 'A'), eq(seatTemplate.seat, '4')));
    const group = (await ctx.db.select().from(seatTemplateGroup)).find(
      (l) => l.seatTemplateId === a4!.id,
    )!;
    const [buyer] = await ctx.db.select().from(identity);
    const [held] = await ctx.db
      .insert(cart)
      .values({
        sellerId: session!.sellerId,
        identityId: buyer!.id,
        cartNumber: 'SEAT-TEST',
        expiresAt: new Date(NOW.getTime() + 900_000),
      })
      .returning();
    const typeRows = await ctx.db.query.ticketType.findMany();
    const type = typeRows.find((t) => t.ticketGroupId === group.ticketGroupId)!;
    const [t] = await ctx.db
      .insert(ticket)
      .values({
        cartId: held!.id,
        ticketTypeId: type.id,
        ticketGroupId: group.ticketGroupId,
        eventTemplateId: session!.eventTemplateId,
        eventSessionId: session!.id,
        state: 'held',
        faceValue: type.amount,
        adjustedValue: type.amount,
        seatTemplateId: a4!.id,
      })
      .returning();
    return t!;
  };
  const withRowA = (change: (row: Record<string, unknown>) => void): SellerFile => {
    const copy = structuredClone(file);
    change(copy.venues[0]!.seat_layouts![0]!.sections[0]!.rows[0] as Record<string, unknown>);
    return copy;
  };

  it('refuses to remove or re-zone seats while a seat ticket is live; adding and moving is fine', async () => {
    const held = await hold();
    const shorter = withRowA((row) => (row.seats = '1-5'));
    await expect(importFile(shorter)).rejects.toThrow(ImportRefusedError);
    await expect(importFile(shorter)).rejects.toThrow(
      /seat layout hall has 1 live seat ticket \(held or booked\).*Stalls A 6 removed/,
    );
    const blocked = withRowA((row) => (row.blocked = [3, 4]));
    await expect(importFile(blocked)).rejects.toThrow(/Stalls A 4 \(blocked\)/);
    const rezoned = withRowA((row) => (row.zone = 'circle'));
    await expect(importFile(rezoned)).rejects.toThrow(/zone/);
    expect(await seats()).toHaveLength(15);

    const grown = withRowA((row) => {
      row.seats = '1-8';
      row.y = 82.25;
    });
    grown.venues[0]!.seat_layouts![0]!.background = '<circle cx="1" cy="2" r="3"/>';
    const result = await importFile(grown);
    expect(result.lines).toEqual(
      expect.arrayContaining([
        '~ seat layout hall: otherElements',
        '+ 2 seats of seat layout hall',
        '~ 15 seats of seat layout hall',
        '~ session play/opening: capacity',
      ]),
    );
    const a = (await seats()).filter((s) => s.row === 'A');
    expect(a.map((s) => s.y)).toEqual(Array(8).fill(82.25));
    expect(a[5]!.nextId).toBe(a[6]!.id);

    // once the ticket is cancelled the seats may go
    await ctx.db.update(ticket).set({ state: 'cancelled' }).where(eq(ticket.id, held.id));
    await importFile(shorter);
    expect((await seats()).filter((s) => s.row === 'A').map((s) => s.seat)).toEqual(
      '1 2 3 4 5'.split(' '),
    );
  });
});

describeEachDatabase('seated session rules keep rolling', (ctx) => {
  it('the roll job lays out seated sessions as an import would', async () => {
    const file = parseSellerFile(
      HALL.replace(
        `    sessions:
      - key: opening
        date: '2026-04-01'
        time: '19:30'
        duration_minutes: 120
`,
        `    session_rules:
      - { key: nightly, times: ['19:30'], duration_minutes: 120, ahead_days: 2 }
`,
      ),
      'theatre.yaml',
    );
    await importSellerFile(ctx.db, file, { now: NOW, images: new Map() });
    const later = new Date(NOW.getTime() + 3 * 86_400_000);
    expect(await rollSessionRules(ctx.db, later)).toBeGreaterThan(0);
    const sessions = await ctx.db.select().from(eventSession);
    const [layout] = await ctx.db.select().from(seatLayout);
    expect(sessions.every((s) => s.seatLayoutId === layout!.id && s.capacity === 14)).toBe(true);
    const again = await importSellerFile(ctx.db, file, {
      now: later,
      images: new Map(),
      dryRun: true,
    });
    expect(again.lines).toEqual([]);
  });
});
