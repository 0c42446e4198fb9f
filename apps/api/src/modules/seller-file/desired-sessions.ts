import {
  typePathsOf,
  type FileEvent,
  type FileSessionRule,
} from '@admit/contracts/seller-file/catalogue';
import { SESSIONS_PER_FILE_MAX, SESSIONS_PER_RULE_MAX } from '@admit/contracts/seller-file/limits';
import { ruleSessionCount, ruleSessions, timesOfHours } from '@/lib/session-rules';
import { addDays, localDate, zonedWallTimeToUtc } from '@/lib/zoned-time';
import type { DesiredContext } from './desired-context';
import { resolveDate } from './desired-values';
import { storedPrices } from './file-session-prices';

/**
 * The sessions an event wants, in its venue's `zone`: each session rule's, laid out from the
 * venue's today through `ahead_days` or `until` (lib/session-rules.ts), and the one-off ones.
 * `paths` gives the ids of the event's ticket types, which a session's `prices` name. A rule
 * that would lay out more than SESSIONS_PER_RULE_MAX, or take the file past
 * SESSIONS_PER_FILE_MAX, lays out none and is noted in `ctx.sessions` (issue 22).
 */
export function sessionRows(
  ctx: DesiredContext,
  event: FileEvent,
  rank: number,
  eventId: string,
  zone: string,
  paths: ReadonlyMap<string, string>,
): void {
  const { file, slug, add, existing } = ctx;
  const today = localDate(ctx.now, zone);
  const typePaths = typePathsOf(event);
  const pricesOf = (prices: FileSessionRule['prices']) =>
    storedPrices(prices, (path) => paths.get(`${event.key}/${path}`), typePaths);
  const layoutOf = (key: string | undefined) => {
    const layout = ctx.seatLayouts.get((key ?? event.seat_layout)!);
    return layout === undefined
      ? { seatLayoutId: null, capacity: -1 }
      : { seatLayoutId: layout.id, capacity: layout.sellable };
  };
  const venueClosed =
    file.venues.find((v) => v.key === (event.venue ?? file.venues[0]!.key))?.closed ?? [];
  for (const [r, rule] of (event.session_rules ?? []).entries()) {
    const path = `${event.key}/${rule.key}`;
    const { key: _key, ...definition } = rule;
    const last =
      rule.ahead_days === undefined
        ? rule.until!
        : [addDays(today, rule.ahead_days - 1), rule.until]
            .filter((d): d is string => !!d)
            .sort()[0]!;
    const ruleId = add(
      'session_rule',
      path,
      `${slug}/session_rule/${path}`,
      `session rule ${path}`,
      {
        eventTemplateId: eventId,
        definition,
        laidOutThrough: last,
      },
    );
    const dated = {
      ...rule,
      times: rule.times ?? timesOfHours(rule.hours!),
      closed: [...(rule.closed ?? []), ...venueClosed],
    };
    const window = { first: today, last };
    const at = ['events', rank, 'session_rules', r];
    if (!withinBudget(ctx, ruleSessionCount(dated, window), at, SESSIONS_PER_RULE_MAX)) continue;
    const sessions = ruleSessions(dated, window, zone);
    const prices = pricesOf(rule.prices);
    // decision 0052: a seated session holds as many places as its layout has seats on sale
    const seating = layoutOf(rule.seat_layout);
    const capacityOf = officeCapacityKeeper(
      existing,
      path,
      ruleId,
      rule.capacity ?? seating.capacity,
    );
    for (const s of sessions) {
      add(
        'event_session',
        `${ruleId}@${s.start.toISOString()}`,
        `${slug}/session/${event.key}/${s.date}T${s.time}`,
        `session ${path} ${s.date} ${s.time}`,
        {
          eventTemplateId: eventId,
          sessionRuleId: ruleId,
          startDatetime: s.start,
          endDatetime: s.end,
          capacity: capacityOf(s.start),
          seatLayoutId: seating.seatLayoutId,
          soldOut:
            existing('event_session', `${ruleId}@${s.start.toISOString()}`)?.values.soldOut ??
            false,
          prices,
        },
        { group: path },
      );
    }
  }
  const oneOffs = event.sessions ?? [];
  if (!withinBudget(ctx, oneOffs.length, ['events', rank, 'sessions'])) return;
  for (const session of oneOffs) {
    const path = `${event.key}/${session.key}`;
    const had = existing('event_session', path);
    const date =
      session.date.startsWith('today') && had
        ? localDate(had.values.startDatetime as Date, zone)
        : resolveDate(session.date, today);
    const start = zonedWallTimeToUtc(date, session.time, zone);
    const seating = layoutOf(session.seat_layout);
    add('event_session', path, `${slug}/session/${event.key}/${session.key}`, `session ${path}`, {
      eventTemplateId: eventId,
      sessionRuleId: null,
      startDatetime: start,
      endDatetime: new Date(start.getTime() + session.duration_minutes * 60_000),
      capacity: session.capacity ?? seating.capacity,
      seatLayoutId: seating.seatLayoutId,
      soldOut: session.closed ?? false,
      prices: pricesOf(session.prices),
    });
  }
}

/**
 * A rule's session capacity, keeping one the office changed (decision 0111): a laid-out
 * session whose capacity differs from what the rule as stored gave it was changed by staff
 * (office-capacity), and an import of the file, which cannot name a rule's single session,
 * leaves it as it is, as it leaves a session the office closed. Known only where the stored
 * rule says what it gave: its own `capacity`, or unlimited (-1) for a session without seats; a
 * seated session that takes its layout's seats follows the file.
 */
function officeCapacityKeeper(
  existing: DesiredContext['existing'],
  path: string,
  ruleId: string,
  capacity: number,
): (start: Date) => number {
  const stored = existing('session_rule', path)?.values.definition as
    Pick<FileSessionRule, 'capacity'> | undefined;
  return (start) => {
    const had = existing('event_session', `${ruleId}@${start.toISOString()}`)?.values;
    if (!stored || !had) return capacity;
    const given = stored.capacity ?? (had.seatLayoutId == null ? -1 : undefined);
    return given !== undefined && had.capacity !== given ? (had.capacity as number) : capacity;
  };
}

/**
 * Counts `count` more sessions at `path` (a rule's when `ruleMax` is given), or notes why they
 * are too many: then none of them is laid out.
 */
function withinBudget(
  ctx: DesiredContext,
  count: number,
  path: (string | number)[],
  ruleMax?: number,
): boolean {
  const { sessions } = ctx;
  if (ruleMax !== undefined && count > ruleMax) {
    sessions.issues.push({
      path,
      message: `the rule lays out ${count} sessions; one rule may lay out at most ${ruleMax} (fewer times, days or ahead_days)`,
    });
    return false;
  }
  if (sessions.laidOut + count > SESSIONS_PER_FILE_MAX) {
    sessions.issues.push({
      path,
      message: `the file lays out more than ${SESSIONS_PER_FILE_MAX} sessions here (${sessions.laidOut + count} so far): lay out fewer`,
    });
    return false;
  }
  sessions.laidOut += count;
  return true;
}
