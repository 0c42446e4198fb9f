import { expect, it } from 'vitest';
import { ticketType } from '@/db/schema/catalog';
import { eventSession, sessionPrice } from '@/db/schema/sessions';
import { localDate, localTime } from '@/lib/zoned-time';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { parseSellerFile } from './parse-file';
import { rollSessionRules } from './roll';
import { exportSeller, importSellerFile } from './service';

// decision 0043: `prices` on a session rule and on a one-off session, imported, rolled, exported

const ZONE = 'America/New_York';
const NOW = new Date('2026-03-02T15:00:00Z'); // Monday
const LATER = new Date('2026-03-09T15:00:00Z'); // a week on
const file = (latePrices: string, oncePrices: string) =>
  parseSellerFile(
    `seller: { slug: priced-shop, name: Priced Shop, currency: USD, timezone: ${ZONE} }
venues: [{ key: main, name: Hall }]
events:
  - key: visits
    name: Visits
    type: repeating
    ticket_groups:
      - key: timed
        name: Timed
        ticket_types:
          - { key: adult, name: Adult, amount: "25.00" }
          - { key: child, name: Child, amount: "12.00" }
    session_rules:
      - { key: daily, times: ["10:00"], duration_minutes: 60, ahead_days: 7 }
      - { key: late, repeat: "FREQ=WEEKLY;BYDAY=TH", times: ["17:30"], duration_minutes: 90, ahead_days: 14${latePrices} }
    sessions:
      - { key: gala, date: "2026-03-20", time: "19:00", duration_minutes: 120${oncePrices} }
`,
    'priced.yaml',
  );

describeEachDatabase('seller file: session prices', (ctx) => {
  /** Each session's prices as "date time adult/child" (no own price: the type's amount). */
  const priced = async () => {
    const types = await ctx.db.select().from(ticketType);
    const rows = await ctx.db.select().from(sessionPrice);
    const sessions = await ctx.db.select().from(eventSession).orderBy(eventSession.startDatetime);
    return sessions.map((s) => {
      const at = (name: string) => {
        const type = types.find((t) => t.name === name)!;
        const own = rows.find((r) => r.eventSessionId === s.id && r.ticketTypeId === type.id);
        return own?.amount ?? type.amount;
      };
      return `${localDate(s.startDatetime, ZONE)} ${localTime(s.startDatetime, ZONE)} ${at('Adult')}/${at('Child')}`;
    });
  };
  const late = (all: string[]) => all.filter((s) => !s.includes(' 10:00 '));

  it('imports, rolls and exports the prices of a rule and of a one-off session', async () => {
    const first = file(', prices: { adult: "29.00", child: 15 }', ', prices: { adult: "40.00" }');
    await importSellerFile(ctx.db, first, { now: NOW, images: new Map() });
    expect(late(await priced())).toEqual([
      '2026-03-05 17:30 2900/1500',
      '2026-03-12 17:30 2900/1500',
      '2026-03-20 19:00 4000/1200',
    ]);
    // a week later the rolling window lays out the next Thursday at the rule's prices
    await rollSessionRules(ctx.db, LATER);
    expect(late(await priced())).toContain('2026-03-19 17:30 2900/1500');

    const exported = (await exportSeller(ctx.db, 'priced-shop'))!;
    const event = exported.file.events![0]!;
    expect(event.session_rules![1]!.prices).toEqual({ adult: '29.00', child: 15 });
    expect(event.sessions![0]!.prices).toEqual({ adult: '40.00' });
    const again = await importSellerFile(ctx.db, exported.file, {
      now: LATER,
      images: new Map(),
      dryRun: true,
    });
    expect(again.lines).toEqual([]);

    // new prices reprice the rule's sessions from today on (past ones are history); prices left
    // out go back to the types' amounts
    const changed = await importSellerFile(ctx.db, file(', prices: { child: "14.00" }', ''), {
      now: LATER,
      images: new Map(),
    });
    expect(changed.lines).toEqual(
      expect.arrayContaining([
        '~ session rule visits/late: definition',
        '~ session visits/gala: prices',
      ]),
    );
    expect(late(await priced())).toEqual([
      '2026-03-05 17:30 2900/1500',
      '2026-03-12 17:30 2500/1400',
      '2026-03-19 17:30 2500/1400',
      '2026-03-20 19:00 2500/1200',
    ]);
    expect(await ctx.db.select().from(sessionPrice)).toHaveLength(4);
  });

  it('refuses a price of a type key the event does not have', () => {
    expect(() => file(', prices: { senior: "20.00" }', '')).toThrow(
      /no ticket type of visits has the key senior/,
    );
  });
});
