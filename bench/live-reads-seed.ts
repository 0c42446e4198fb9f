/**
 * The live reads' data (bench/live-reads.ts): one seller in New York time (no venue, so its zone
 * is the events'), an event with a year of 30-minute sessions and one with 35 days of them, in
 * portable SQL so the same statements seed PostgreSQL (pg) and PGlite.
 */

const SESSIONS_PER_DAY = 20; // 09:00 to 18:30, every 30 minutes
const BIG_DAYS = 365;
const SMALL_DAYS = 35;
export const ZONE = 'America/New_York';
export const SLUG = 'live-reads';

export type Query = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

/** One seller (no venue: its zone is the venue's), a repeating event per size, a group, two types. */
export async function seed(query: Query, firstDay: string) {
  const id = async (text: string, values: unknown[]) =>
    (await query(text, values)).rows[0]!.id as string;
  const seller = await id(
    `insert into seller (slug, name, currency, timezone) values ($1, 'Live reads', 'USD', $2) returning id`,
    [SLUG, ZONE],
  );
  const event = async (name: string, days: number) => {
    const eventId = await id(
      `insert into event_template (seller_id, name, event_type) values ($1, $2, 'repeating') returning id`,
      [seller, name],
    );
    const group = await id(
      `insert into ticket_group (seller_id, event_template_id, name) values ($1, $2, 'General Admission') returning id`,
      [seller, eventId],
    );
    for (const [rank, amount] of [2500, 1500].entries()) {
      await query(
        `insert into ticket_type (seller_id, ticket_group_id, name, amount, rank) values ($1, $2, $3, $4, $5)`,
        [seller, group, `Type ${rank}`, amount, rank],
      );
    }
    // venue-local 09:00 + 30 minutes × slot, one day after another; every 21st session full
    await query(
      `insert into event_session (seller_id, event_template_id, start_datetime, end_datetime, capacity, used_capacity)
       select $1, $2, t, t + interval '30 minutes', 20, (n * 7) % 21
         from generate_series(0, $3::int - 1) as n,
              lateral (select ((($4::date + (n / $5::int)) + time '09:00' + (n % $5::int) * interval '30 minutes')
                               at time zone $6) as t) as s`,
      [seller, eventId, days * SESSIONS_PER_DAY, firstDay, SESSIONS_PER_DAY, ZONE],
    );
    return eventId;
  };
  return {
    big: await event('A year of sessions', BIG_DAYS),
    small: await event('A month', SMALL_DAYS),
  };
}

const countsSql = `select
  (select count(*)::int from event_session where event_template_id = $1) as big,
  (select count(*)::int from event_session where event_template_id = $2) as small`;

export async function sessionCounts(
  query: Query,
  ids: { big: string; small: string },
  inCalendar: (q: Query) => Promise<number>,
) {
  const { rows } = await query(countsSql, [ids.big, ids.small]);
  return {
    bigSessions: rows[0]!.big as number,
    smallSessions: rows[0]!.small as number,
    calendarSessions: await inCalendar(query),
  };
}

export async function calendarCount(query: Query, eventId: string, now: Date) {
  // the calendar's horizon: the first of the month one year ahead, venue time (calendar.ts)
  const { rows } = await query(
    `select count(*)::int as n from event_session where event_template_id = $1 and start_datetime > $2::timestamptz
       and start_datetime < (date_trunc('month', ($2::timestamptz at time zone $3)) + interval '1 year') at time zone $3`,
    [eventId, now.toISOString(), ZONE],
  );
  return rows[0]!.n as number;
}
