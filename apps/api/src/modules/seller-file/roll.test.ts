import { eq, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { eventSession } from '@/db/schema/sessions';
import { localDate, localTime } from '@/lib/zoned-time';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { parseSellerFile } from './parse-file';
import { rollSessionRules } from './roll';
import { importSellerFile } from './service';

// The roll job lays out the days that come into a rolling window, exactly the sessions an import
// on that day would make (an import of the same file afterwards has nothing to do).

const ZONE = 'America/New_York';
const NOW = new Date('2026-03-01T15:00:00Z');
const FILE = parseSellerFile(
  `seller: { slug: rolling-shop, name: Rolling Shop, currency: USD, timezone: ${ZONE} }
venues: [{ key: main, name: Hall, closed: ["03-07"] }]
events:
  - key: visits
    name: Visits
    type: repeating
    session_rules:
      - { key: daily, times: ["01:30", "10:00"], duration_minutes: 60, capacity: 5, ahead_days: 3 }
      - { key: fixed, times: ["12:00"], duration_minutes: 60, until: "2026-03-06" }
`,
  'rolling.yaml',
);

describeEachDatabase('rolling session windows', (ctx) => {
  const sessions = async () =>
    (
      await ctx.db
        .select()
        .from(eventSession)
        .where(isNotNull(eventSession.sessionRuleId))
        .orderBy(eventSession.startDatetime)
    ).map((s) => `${localDate(s.startDatetime, ZONE)} ${localTime(s.startDatetime, ZONE)}`);

  it('lays out the days that came into the window, across DST and closures, once', async () => {
    await importSellerFile(ctx.db, FILE, { now: NOW, images: new Map() });
    const daily = async () => (await sessions()).filter((s) => !s.endsWith('12:00'));
    expect(await daily()).toEqual([
      '2026-03-01 01:30',
      '2026-03-01 10:00',
      '2026-03-02 01:30',
      '2026-03-02 10:00',
      '2026-03-03 01:30',
      '2026-03-03 10:00',
    ]);
    // five days on: today 6 March, the window through 8 March (spring forward); 7 March is closed
    // at the venue; 4 and 5 March went by unsold and are never laid out
    const later = new Date('2026-03-06T15:00:00Z');
    expect(await rollSessionRules(ctx.db, later)).toBe(4);
    expect((await daily()).slice(6)).toEqual([
      '2026-03-06 01:30',
      '2026-03-06 10:00',
      '2026-03-08 01:30',
      '2026-03-08 10:00',
    ]);
    const [spring] = await ctx.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.startDatetime, new Date('2026-03-08T14:00:00Z')));
    expect(spring, '10:00 EDT on 8 March').toBeDefined();
    // the fixed rule (until 6 March) was laid out whole by the import and does not roll
    expect((await sessions()).filter((s) => s.endsWith('12:00'))).toHaveLength(6);
    // done once: a second pass, and an import of the same file that day, have nothing to do
    expect(await rollSessionRules(ctx.db, later)).toBe(0);
    const again = await importSellerFile(ctx.db, FILE, {
      now: later,
      images: new Map(),
      dryRun: true,
    });
    expect(again.lines).toEqual([]);
  });
});
