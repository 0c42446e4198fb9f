import { and, eq, gte, sql } from 'drizzle-orm';
import { eventSession } from '@/db/schema/sessions';
import type { Executor } from '@/db/transaction';
import { localDate, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { demoEventId } from './demo-ids';
import type { DemoSeller } from './demo-types';

/**
 * The demo's seeded sales, relative to the seed's clock (not catalogue, so not in the seller
 * files): how many places of each session are taken, so the calendar shows sold-out and
 * low-availability states whatever day the demo runs. `day` counts from the venue's today (0),
 * `slot` is the session's place among its day's sessions.
 */
type Used = (day: number, slot: number, capacity: number) => number;

/** General Admission as demo-museum.yaml lays it out (seed-demo.test.ts checks the layout). */
export const ADMISSION_TIMES = Array.from({ length: 14 }, (_, i) => {
  const minutes = 10 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
export const ADMISSION_CAPACITY = 60;
/** The Thursday late opening's start (rule `late-opening`, dearer: decision 0043). */
export const LATE_OPENING_TIME = '17:30';
export const SCHEDULE_DAYS = 120;

const USED: Record<string, Record<string, Used>> = {
  'demo-museum': {
    'general-admission': (day, slot, capacity) => {
      // the one sold-out session: tomorrow 10:00
      if (day === 1 && slot === 0) return capacity;
      // spec: shopping §2 — "Hurry, less than 10 tickets available." on a few sessions this week
      if (day <= 6 && slot % 4 === 1) return capacity - 3 - ((day + slot) % 6);
      return (day * 7 + slot * 11) % 30;
    },
    'chronos-exhibition': (day, slot) => (day * 3 + slot * 7) % 20,
    'cosmic-nights': (day, slot) => (day * 5 + slot * 3) % 9,
    'members-evening': (day, slot) => (day + slot * 5) % 15,
    'private-group-tour': (day) => day % 3,
    'sketching-hour': (day, slot) => (day + slot * 3) % 7,
  },
  'harbour-aquarium': {
    'aquarium-admission': (day, slot, capacity) =>
      day <= 3 && slot === 6 ? capacity - 5 - day : (day * 5 + slot * 13) % 40,
    'penguin-feeding': (day, slot) => (day * 3 + slot * 11) % 22,
    'behind-the-scenes': (day, slot) => (day + slot * 3) % 6,
  },
};

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Sets the seeded sales of a demo seller's sessions from today on (after the import). */
export async function writeDemoSessionStates(
  tx: Executor,
  demo: DemoSeller,
  now: Date,
): Promise<void> {
  const today = localDate(now, demo.timezone);
  const updates: { id: string; used: number; soldOut: boolean }[] = [];
  for (const [eventKey, used] of Object.entries(USED[demo.slug] ?? {})) {
    const sessions = await tx
      .select({
        id: eventSession.id,
        start: eventSession.startDatetime,
        capacity: eventSession.capacity,
      })
      .from(eventSession)
      .where(
        and(
          eq(eventSession.eventTemplateId, demoEventId(demo.slug, eventKey)),
          gte(eventSession.startDatetime, zonedWallTimeToUtc(today, '00:00', demo.timezone)),
        ),
      )
      .orderBy(eventSession.startDatetime);
    let date = '';
    let slot = 0;
    for (const s of sessions) {
      const sessionDate = localDate(s.start, demo.timezone);
      slot = sessionDate === date ? slot + 1 : 0;
      date = sessionDate;
      const day = dayNumber(sessionDate) - dayNumber(today);
      const taken = Math.min(s.capacity, used(day, slot, s.capacity));
      updates.push({ id: s.id, used: taken, soldOut: s.capacity >= 0 && taken >= s.capacity });
    }
  }
  if (updates.length === 0) return;
  // one JSON parameter, not three per row: thousands of sessions are set on each seed
  await tx.execute(sql`
    update event_session set used_capacity = v.used, sold_out = v."soldOut"
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
      as v(id uuid, used int, "soldOut" boolean)
    where event_session.id = v.id`);
}
