import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ticketGroup } from '@/db/schema/catalog';
import { seatLayout, seatTemplate, seatTemplateGroup } from '@/db/schema/seats';
import { eventSession } from '@/db/schema/sessions';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { demoEventId } from './demo-ids';
import { seedDemo } from './seed-demo';

/**
 * The demo's seat layouts (issue 24): the concert's Main Hall in two sections and two price
 * zones, with blocked, wheelchair and companion seats, and the 5,000-seat Great Court the seat
 * map's benchmark opens.
 */
const NOW = new Date('2026-03-01T15:00:00Z');

describeEachDatabase('demo seat layouts', (ctx) => {
  beforeAll(async () => {
    await seedDemo(ctx.db, { now: NOW });
  });

  const layoutOf = async (eventKey: string) => {
    const [session] = await ctx.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.eventTemplateId, demoEventId('demo-museum', eventKey)));
    const [layout] = await ctx.db
      .select()
      .from(seatLayout)
      .where(eq(seatLayout.id, session!.seatLayoutId!));
    const seats = await ctx.db
      .select()
      .from(seatTemplate)
      .where(eq(seatTemplate.seatLayoutId, layout!.id))
      .orderBy(asc(seatTemplate.sort));
    const links = await ctx.db
      .select({ seat: seatTemplateGroup.seatTemplateId, group: ticketGroup.name })
      .from(seatTemplateGroup)
      .innerJoin(seatTemplate, eq(seatTemplate.id, seatTemplateGroup.seatTemplateId))
      .innerJoin(ticketGroup, eq(ticketGroup.id, seatTemplateGroup.ticketGroupId))
      .where(eq(seatTemplate.seatLayoutId, layout!.id));
    const groupsOf = new Map<string, string[]>();
    for (const l of links) groupsOf.set(l.seat, [...(groupsOf.get(l.seat) ?? []), l.group]);
    return { session: session!, layout: layout!, seats, groupsOf };
  };

  it('the concert sells the Main Hall: 300+ seats, two zones, marked seats, a stage', async () => {
    const { session, layout, seats, groupsOf } = await layoutOf('evening-of-light-concert');
    expect(layout.name).toBe('Main Hall');
    expect(seats.length).toBeGreaterThanOrEqual(300);
    expect(new Set(seats.map((s) => s.section))).toEqual(new Set(['Stalls', 'Balcony']));
    expect(new Set(seats.map((s) => s.zone))).toEqual(new Set(['stalls', 'balcony']));
    expect(layout.sections.map((s) => s.name)).toEqual(['Stalls', 'Balcony']);
    expect(layout.otherElements).toContain('>Stage</text>');
    const blocked = seats.filter((s) => s.blocked);
    const wheelchair = seats.filter((s) => s.accessibility === 'wheelchair');
    const companions = seats.filter((s) => s.accessibility === 'companion');
    expect(blocked.length).toBeGreaterThan(0);
    expect(wheelchair.length).toBeGreaterThanOrEqual(2);
    expect(companions).toHaveLength(wheelchair.length);
    // each companion seat sits beside its wheelchair seat, in the same row
    const byId = new Map(seats.map((s) => [s.id, s]));
    for (const c of companions) {
      const w = byId.get(c.companionOf!)!;
      expect([w.accessibility, w.section, w.row]).toEqual(['wheelchair', c.section, c.row]);
      expect([c.previousId, c.nextId]).toContain(w.id);
    }
    // every seat is sold by its zone's group: Stalls or Balcony
    for (const s of seats) {
      expect(groupsOf.get(s.id)).toEqual([s.zone === 'stalls' ? 'Stalls' : 'Balcony']);
    }
    // the neighbour chain: next and previous agree, and stay in the seat's row
    for (const s of seats) {
      if (s.nextId === null) continue;
      const next = byId.get(s.nextId)!;
      expect(next.previousId).toBe(s.id);
      expect([next.section, next.row]).toEqual([s.section, s.row]);
    }
    expect(seats.filter((s) => s.previousId === null)).toHaveLength(
      new Set(seats.map((s) => `${s.section}/${s.row}`)).size,
    );
    // decision 0052: its capacity is the seats on sale
    expect(session.capacity).toBe(seats.length - blocked.length);
  });

  it('the gala sells the 5,000-seat Great Court', async () => {
    const { layout, seats, groupsOf } = await layoutOf('great-court-gala');
    expect(layout.name).toBe('Great Court');
    expect(seats).toHaveLength(5000);
    expect(seats.every((s) => (groupsOf.get(s.id) ?? []).length === 1)).toBe(true);
    expect(seats.some((s) => s.accessibility === 'companion')).toBe(true);
  });
});
