import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '@/db/transaction';
import { catalogKey, eventSession, eventTemplate, venue } from '@/db/schema/catalog';
import { identity, seller } from '@/db/schema/identity';
import { localDate, localTime, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { readSessionPrices } from './file-session-prices';
import { KEYED_TABLES, TABLES, type Row, type TableName } from './rows';

/**
 * The rows of a seller that its file manages, read in the import's row shape (rows.ts): keyed
 * rows through `catalog_key`, the rest by their natural keys, generated sessions from today on.
 * Sales (orders, tickets, used counts, spent balances) are never part of it.
 */
export interface CurrentState {
  sellerId?: string;
  storedConfig: Record<string, unknown>;
  /** by table, then identity */
  rows: Map<TableName, Map<string, Row>>;
  /** catalog keys of this seller by `${kind}:${key}` */
  keys: Map<string, string>;
}

/** The columns the file decides, per table (the values of a Row). */
export const MANAGED_COLUMNS: Record<TableName, readonly string[]> = {
  seller: ['slug', 'name', 'currency', 'timezone', 'config'],
  identity: ['kind'],
  venue: ['name', 'timezone', 'address'],
  image: ['name', 'contentType', 'bytes', 'width', 'height'],
  payment_plan: ['name', 'installments'],
  event_template: [
    'name',
    'subtitle',
    'summary',
    'description',
    'category',
    'eventType',
    'hiddenType',
    'venueId',
    'rank',
  ],
  ticket_group: [
    'eventTemplateId',
    'name',
    'description',
    'summary',
    'color',
    'handler',
    'hiddenType',
    'startPolicy',
    'startPolicyDate',
    'durationNew',
    'minTicketsPerOrder',
    'maxTicketsPerOrder',
    'salesStart',
    'salesEnd',
    'capacity',
    'excludeFromEventCapacity',
    'rank',
    'paymentPlanId',
  ],
  ticket_type: [
    'ticketGroupId',
    'name',
    'description',
    'summary',
    'rank',
    'amount',
    'amountMin',
    'amountMax',
    'outsideFees',
    'available',
  ],
  session_rule: ['eventTemplateId', 'definition', 'laidOutThrough'],
  event_session: [
    'eventTemplateId',
    'sessionRuleId',
    'startDatetime',
    'endDatetime',
    'capacity',
    'soldOut',
  ],
  meta: ['resource', 'resourceId', 'key', 'value'],
  config: ['resource', 'resourceId', 'key', 'value'],
  code: [
    'code',
    'kind',
    'codeGroup',
    'name',
    'description',
    'discountType',
    'discountValue',
    'resource',
    'resourceId',
    'blockingCheckout',
    'activatingCodeGroups',
    'maxUses',
    'validFrom',
    'validTo',
  ],
  checkout_rule: ['resource', 'resourceId', 'blockReason', 'codeGroup', 'description'],
  ledger_card: ['number', 'currency', 'state'],
  membership_program: ['name', 'termMonths', 'renewalDays'],
  membership_role: ['membershipProgramId', 'ticketTypeId', 'name', 'benefits'],
  membership_rule: [
    'ticketTypeId',
    'ticketGroupId',
    'partyRole',
    'min',
    'max',
    'named',
    'emailed',
    'rank',
  ],
};

type AnyRow = Record<string, unknown> & { id: string };

function pick(row: AnyRow, table: TableName): Record<string, unknown> {
  return Object.fromEntries(MANAGED_COLUMNS[table].map((c) => [c, row[c] ?? null]));
}

/** Reads the current state of the seller with `slug` (empty when there is none). */
export async function readCurrentState(
  db: Executor,
  slug: string,
  now: Date,
): Promise<CurrentState> {
  const rows = new Map<TableName, Map<string, Row>>();
  const put = (
    table: TableName,
    identityKey: string,
    row: AnyRow,
    label: string,
    group?: string,
  ) => {
    if (!rows.has(table)) rows.set(table, new Map());
    rows.get(table)!.set(identityKey, {
      table,
      identity: identityKey,
      id: row.id,
      label,
      values: pick(row, table),
      group,
    });
  };
  const [sellerRow] = await db.select().from(seller).where(eq(seller.slug, slug)).limit(1);
  if (!sellerRow) return { rows, keys: new Map(), storedConfig: {} };
  const sellerId = sellerRow.id;
  put('seller', slug, sellerRow, `seller ${slug}`);

  const keyRows = await db.select().from(catalogKey).where(eq(catalogKey.sellerId, sellerId));
  const keys = new Map(keyRows.map((k) => [`${k.kind}:${k.key}`, k.resourceId]));
  const keyOf = new Map(keyRows.map((k) => [`${k.kind}:${k.resourceId}`, k.key]));

  const bySeller = async (table: TableName) => {
    const t = TABLES[table] as unknown as typeof venue;
    return (await db.select().from(t).where(eq(t.sellerId, sellerId))) as unknown as AnyRow[];
  };

  for (const table of KEYED_TABLES) {
    if (table === 'event_session') continue;
    for (const row of await bySeller(table)) {
      const key = keyOf.get(`${table}:${row.id}`);
      if (key !== undefined) put(table, key, row, `${table.replace(/_/g, ' ')} ${key}`);
    }
  }
  const [publicIdentity] = await db
    .select()
    .from(identity)
    .where(and(eq(identity.sellerId, sellerId), eq(identity.kind, 'public')));
  if (publicIdentity) put('identity', 'public', publicIdentity, 'public identity');

  for (const row of await bySeller('image'))
    put('image', String(row.name), row, `image ${String(row.name)}`);
  for (const table of ['meta', 'config'] as const) {
    for (const row of await bySeller(table)) {
      const owner =
        row.resource === 'seller'
          ? 'seller'
          : keyOf.get(`${String(row.resource)}:${String(row.resourceId)}`);
      // only the meta and config of what the file manages
      if (owner === undefined) continue;
      put(
        table,
        `${String(row.resource)}/${String(row.resourceId)}/${String(row.key)}`,
        row,
        `${table} ${owner} ${String(row.key)}`,
      );
    }
  }
  for (const row of await bySeller('code')) {
    if (row.kind === 'promo')
      put('code', String(row.code).toLowerCase(), row, `code ${String(row.code)}`);
  }
  for (const row of await bySeller('ledger_card')) {
    // cards sold by orders are sales, not catalogue
    if (row.ticketId === null)
      put('ledger_card', String(row.number), row, `gift card ${String(row.number)}`);
  }
  const typeKey = (typeId: unknown) => keyOf.get(`ticket_type:${String(typeId)}`);
  for (const row of await bySeller('membership_role')) {
    const key = typeKey(row.ticketTypeId);
    if (key !== undefined) put('membership_role', key, row, `membership level ${key}`);
  }
  for (const row of await bySeller('membership_rule')) {
    const key = typeKey(row.ticketTypeId);
    if (key !== undefined) {
      put(
        'membership_rule',
        `${key}/${String(row.partyRole)}`,
        row,
        `member rule ${key} ${String(row.partyRole)}`,
      );
    }
  }

  // sessions: one-off ones by key; a rule's from the venue's today on, by rule and start
  const oneOff = [...keyRows].filter((k) => k.kind === 'event_session');
  if (oneOff.length > 0) {
    const sessions = await db
      .select()
      .from(eventSession)
      .where(
        inArray(
          eventSession.id,
          oneOff.map((k) => k.resourceId),
        ),
      );
    for (const s of sessions) {
      const key = keyOf.get(`event_session:${s.id}`)!;
      put('event_session', key, s as AnyRow, `session ${key}`);
    }
  }
  const zones = await db
    .select({ eventId: eventTemplate.id, timezone: venue.timezone })
    .from(eventTemplate)
    .innerJoin(venue, eq(venue.id, eventTemplate.venueId))
    .where(eq(eventTemplate.sellerId, sellerId));
  const zoneOf = new Map(zones.map((z) => [z.eventId, z.timezone]));
  const earliest = new Date(now.getTime() - 2 * 86_400_000);
  const generated = await db
    .select()
    .from(eventSession)
    .where(
      and(
        eq(eventSession.sellerId, sellerId),
        isNotNull(eventSession.sessionRuleId),
        gte(eventSession.startDatetime, earliest),
      ),
    );
  const startOfToday = new Map<string, Date>();
  for (const s of generated) {
    const zone = zoneOf.get(s.eventTemplateId) ?? sellerRow.timezone;
    if (!startOfToday.has(zone)) {
      startOfToday.set(zone, zonedWallTimeToUtc(localDate(now, zone), '00:00', zone));
    }
    if (s.startDatetime < startOfToday.get(zone)!) continue;
    const rule = keyOf.get(`session_rule:${s.sessionRuleId}`) ?? String(s.sessionRuleId);
    const identityKey = `${s.sessionRuleId}@${s.startDatetime.toISOString()}`;
    put('event_session', identityKey, s as AnyRow, '', rule);
    // formatted only when shown (a refusal): thousands of sessions are read on each import
    Object.defineProperty(rows.get('event_session')!.get(identityKey)!, 'label', {
      get: () =>
        `session ${rule} ${localDate(s.startDatetime, zone)} ${localTime(s.startDatetime, zone)}`,
      enumerable: true,
    });
  }
  // each session's own prices as its value `prices` (decision 0043), compared like a column
  const sessionRows = [...(rows.get('event_session')?.values() ?? [])];
  const prices = await readSessionPrices(db, sellerId);
  for (const row of sessionRows) row.values.prices = prices.get(row.id) ?? {};
  return {
    sellerId,
    storedConfig: (sellerRow.config ?? {}) as Record<string, unknown>,
    rows,
    keys,
  };
}

/** Sessions of events about to be deleted that the file does not list (made by orders, say). */
export async function sessionsOfEvents(db: Executor, eventIds: string[]): Promise<AnyRow[]> {
  if (eventIds.length === 0) return [];
  return (await db
    .select()
    .from(eventSession)
    .where(inArray(eventSession.eventTemplateId, eventIds))) as AnyRow[];
}
