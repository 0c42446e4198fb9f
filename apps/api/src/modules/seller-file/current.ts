import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/transaction';
import { catalogKey, type venue } from '@/db/schema/catalog';
import { identity, seller } from '@/db/schema/identity';
import { readCurrentSeats } from './current-seats';
import { readCurrentSessions } from './current-sessions';
import { KEYED_TABLES, TABLES, type AnyRow, type Row, type TableName } from './rows';

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
  seller: ['slug', 'name', 'currency', 'timezone', 'config', 'htmlSanitized'],
  identity: ['kind'],
  venue: ['name', 'timezone', 'address'],
  seat_layout: ['venueId', 'key', 'name', 'width', 'height', 'otherElements', 'sections'],
  seat_template: [
    'seatLayoutId',
    'section',
    'row',
    'seat',
    'zone',
    'x',
    'y',
    'r',
    'sort',
    'blocked',
    'accessibility',
    'companionOf',
    'previousId',
    'nextId',
  ],
  image: ['name', 'contentType', 'bytes', 'width', 'height'],
  payment_plan: ['name', 'installments'],
  event_template: [
    'name',
    'subtitle',
    'summary',
    'description',
    'descriptionSanitized',
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
    'seatLayoutId',
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
  ): Row => {
    if (!rows.has(table)) rows.set(table, new Map());
    const stored: Row = {
      table,
      identity: identityKey,
      id: row.id,
      label,
      values: pick(row, table),
      group,
    };
    rows.get(table)!.set(identityKey, stored);
    return stored;
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

  await readCurrentSessions(db, { seller: sellerRow, keyRows, now, put });
  await readCurrentSeats(db, sellerId, put);
  return {
    sellerId,
    storedConfig: (sellerRow.config ?? {}) as Record<string, unknown>,
    rows,
    keys,
  };
}
