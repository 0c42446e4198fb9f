import type { BundleRule } from '@/modules/codes/apply';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import {
  configRow,
  eventTemplate,
  meta,
  ticketGroup,
  ticketType,
  venue,
} from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { identity } from '@/db/schema/identity';
import {
  sessionPricesSql,
  toSessionPriceMap,
  type SessionPriceMap,
} from '@/modules/pricing/session-prices';
import { CART_SELLER_META_KEYS } from '@/modules/sellers/seller-meta';

/**
 * The sibling rows of a cart bundle, by the ids its tickets join on. A ticket's group and event
 * are its type's, so one joined read brings types, groups, events and venues (every cart call
 * builds a bundle: fewer round trips here is throughput under a rush).
 */

const byIds = <T>(ids: string[], load: () => Promise<T[]>) =>
  ids.length === 0 ? Promise.resolve([] as T[]) : load();

/** A checkout rule on a ticket's type, group or event (shopping §8 rule_blocks_reserve). */
// the checkout rules of each type's type, group and event ride on the type read: a reserve
// checks them without another round trip (decision 0011's budget, decision 0017)
const rulesOfType = sql<BundleRule[]>`coalesce((
  select json_agg(json_build_object('id', r.id, 'resource', r.resource,
    'resourceId', r.resource_id, 'blockReason', r.block_reason, 'codeGroup', r.code_group,
    'description', r.description) order by r.id)
  from checkout_rule r
  where r.seller_id = ${ticketType.sellerId} and (
    (r.resource = 'ticket_type' and r.resource_id = ${ticketType.id}) or
    (r.resource = 'ticket_group' and r.resource_id = ${ticketGroup.id}) or
    (r.resource = 'event_template' and r.resource_id = ${eventTemplate.id}))
), '[]'::json)`;

const uniqueRows = <T extends { id: string }>(rows: (T | null)[]) => {
  const seen = new Map<string, T>();
  for (const row of rows) if (row && !seen.has(row.id)) seen.set(row.id, row);
  return [...seen.values()];
};

// node-postgres parses json; a driver handing back text is parsed here
const rulesOf = (value: unknown): BundleRule[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as BundleRule[];

/** The rows of a bundle; a reserve plans on the same rows, so a new cart's bundle needs no read. */
export type BundleRows = Awaited<ReturnType<typeof selectBundleRows>>;

/** Only the seller's types and sessions: a reserve plans on these rows, so ids of others miss. */
export async function selectBundleRows(
  db: Db,
  sellerId: string,
  ids: { types: string[]; sessions: string[] },
  configKeys: string[] | null,
) {
  const [joined, pricedSessions] = await Promise.all([
    byIds(ids.types, () =>
      db
        .select({
          type: ticketType,
          group: ticketGroup,
          event: eventTemplate,
          venue,
          rules: rulesOfType,
        })
        .from(ticketType)
        .innerJoin(ticketGroup, eq(ticketGroup.id, ticketType.ticketGroupId))
        .innerJoin(eventTemplate, eq(eventTemplate.id, ticketGroup.eventTemplateId))
        .leftJoin(venue, eq(venue.id, eventTemplate.venueId))
        .where(and(eq(ticketType.sellerId, sellerId), inArray(ticketType.id, ids.types)))
        .orderBy(asc(ticketType.rank), asc(ticketType.id)),
    ),
    // each session with its own prices (decision 0043): the reserve prices its tickets by them
    byIds(ids.sessions, () =>
      db
        .select({ session: eventSession, prices: sessionPricesSql(eventSession.id) })
        .from(eventSession)
        .where(and(eq(eventSession.sellerId, sellerId), inArray(eventSession.id, ids.sessions)))
        .orderBy(asc(eventSession.startDatetime), asc(eventSession.id)),
    ),
  ]);
  const sessions = pricedSessions.map((r) => r.session);
  const sessionPrices = new Map<string, SessionPriceMap>(
    pricedSessions.map((r) => [r.session.id, toSessionPriceMap(r.prices)]),
  );
  const types = joined.map((r) => r.type);
  const groups = uniqueRows(joined.map((r) => r.group)).sort(
    (a, b) => a.rank - b.rank || a.id.localeCompare(b.id),
  );
  const events = uniqueRows(joined.map((r) => r.event)).sort(
    (a, b) => a.rank - b.rank || a.id.localeCompare(b.id),
  );
  const venues = uniqueRows(joined.map((r) => r.venue));
  const rules = uniqueRows(joined.flatMap((r) => rulesOf(r.rules)));
  const eventIds = events.map((e) => e.id);
  const groupIds = groups.map((g) => g.id);
  const [metas, configs] = await Promise.all([
    byIds(eventIds, () =>
      db
        .select()
        .from(meta)
        .where(
          and(
            eq(meta.sellerId, sellerId),
            or(
              and(eq(meta.resource, 'event_template'), inArray(meta.resourceId, eventIds)),
              and(eq(meta.resource, 'ticket_group'), inArray(meta.resourceId, groupIds)),
              // the seller's texts the checkout reads (portal_terms): on the same read, so the
              // new-cart answer built from the plan's rows carries them too (decision 0019)
              and(
                eq(meta.resource, 'seller'),
                eq(meta.resourceId, sellerId),
                inArray(meta.key, [...CART_SELLER_META_KEYS]),
              ),
            ),
          ),
        )
        .orderBy(asc(meta.resource), asc(meta.resourceId), asc(meta.key)),
    ),
    byIds(eventIds, () =>
      db
        .select()
        .from(configRow)
        .where(
          and(
            eq(configRow.sellerId, sellerId),
            inArray(configRow.resourceId, eventIds),
            configKeys ? inArray(configRow.key, configKeys) : undefined,
          ),
        )
        .orderBy(asc(configRow.resource), asc(configRow.resourceId), asc(configRow.key)),
    ),
  ]);
  return { types, groups, events, sessions, sessionPrices, venues, metas, configs, rules };
}

/** The cart's giftee (decision 0023): only what the bundle shows, never the whole identity row. */
export async function selectGiftee(db: Pick<Db, 'select'>, identityId: string | null) {
  if (!identityId) return null;
  const [row] = await db
    .select({
      id: identity.id,
      firstName: identity.firstName,
      lastName: identity.lastName,
      email: identity.email,
    })
    .from(identity)
    .where(eq(identity.id, identityId))
    .limit(1);
  return row ?? null;
}
export type GifteeRow = NonNullable<Awaited<ReturnType<typeof selectGiftee>>>;
