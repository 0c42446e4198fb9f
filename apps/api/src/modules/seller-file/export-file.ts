import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { IMAGE_PATH_PREFIX } from '@admit/contracts/images';
import { minorToDecimal } from '@admit/contracts/money';
import { filePrices, readSessionPrices } from './file-session-prices';
import type { FileEvent, FileSessionRule } from '@admit/contracts/seller-file/catalogue';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import * as catalog from '@/db/schema/catalog';
import { checkoutRule, code, ledgerCard } from '@/db/schema/codes';
import { seller } from '@/db/schema/identity';
import { membershipProgram, membershipRole, membershipRule } from '@/db/schema/memberships';
import { paymentPlan, type PlanInstallment } from '@/db/schema/payment-plans';
import type { Executor } from '@/db/transaction';
import { localDate, localTime } from '@/lib/zoned-time';
import { settingsOf } from './export-settings';

/**
 * A seller's catalogue written back as a seller file (decision 0041): what its files made (rows
 * with a stored key, and the seller's settings, codes, gift cards and membership programs), with
 * keys where the database has ids and `images/<name>` where it has image addresses. Sales are
 * not part of it; gift cards carry their balance as it is now.
 */
export interface ExportedFile {
  file: SellerFile;
  /** the pictures it names: path in the file → image name */
  images: Map<string, string>;
}

const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
const orNone = <T>(v: T | null): T | undefined => (v === null ? undefined : v);
const percentOf = (millipercent: number) => millipercent / 1000;
const wallClock = (instant: Date | null, zone: string) =>
  instant === null ? undefined : `${localDate(instant, zone)}T${localTime(instant, zone)}`;

/** Reads the seller with `slug` into a file; undefined when there is no such seller. */
export async function exportSellerFile(
  db: Executor,
  slug: string,
): Promise<ExportedFile | undefined> {
  const [row] = await db.select().from(seller).where(eq(seller.slug, slug)).limit(1);
  if (!row) return undefined;
  const sellerId = row.id;
  const keyRows = await db
    .select()
    .from(catalog.catalogKey)
    .where(eq(catalog.catalogKey.sellerId, sellerId));
  const keyOf = new Map(keyRows.map((k) => [`${k.kind}:${k.resourceId}`, k.key]));
  const idsOf = (kind: string) => keyRows.filter((k) => k.kind === kind).map((k) => k.resourceId);
  const images = new Map<string, string>();
  const imagePrefix = `${IMAGE_PATH_PREFIX}/${encodeURIComponent(slug)}/`;
  const fileImage = (address: unknown) => {
    if (typeof address !== 'string' || !address.startsWith(imagePrefix)) return address as string;
    const name = decodeURIComponent(address.slice(imagePrefix.length));
    images.set(`images/${name}`, name);
    return `images/${name}`;
  };
  const inIds = async <T>(ids: string[], read: (ids: string[]) => Promise<T[]>) =>
    ids.length === 0 ? [] : read(ids);

  const metas = await db
    .select()
    .from(catalog.meta)
    .where(eq(catalog.meta.sellerId, sellerId))
    .orderBy(asc(catalog.meta.key));
  const metaOf = (resource: string, id: string) =>
    Object.fromEntries(
      metas
        .filter((m) => m.resource === resource && m.resourceId === id)
        .map((m) => [m.key, m.value]),
    );
  const configs = await db
    .select()
    .from(catalog.configRow)
    .where(eq(catalog.configRow.sellerId, sellerId))
    .orderBy(asc(catalog.configRow.key));

  const venues = (
    await inIds(idsOf('venue'), (ids) =>
      db.select().from(catalog.venue).where(inArray(catalog.venue.id, ids)),
    )
  )
    .map((v) => ({ v, key: keyOf.get(`venue:${v.id}`)! }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const zoneOfVenue = new Map(venues.map(({ v }) => [v.id, v.timezone]));

  const events = (
    await inIds(idsOf('event_template'), (ids) =>
      db.select().from(catalog.eventTemplate).where(inArray(catalog.eventTemplate.id, ids)),
    )
  ).sort(
    (a, b) =>
      a.rank - b.rank ||
      keyOf.get(`event_template:${a.id}`)!.localeCompare(keyOf.get(`event_template:${b.id}`)!),
  );
  const groups = await inIds(idsOf('ticket_group'), (ids) =>
    db
      .select()
      .from(catalog.ticketGroup)
      .where(inArray(catalog.ticketGroup.id, ids))
      .orderBy(asc(catalog.ticketGroup.rank)),
  );
  const types = await inIds(idsOf('ticket_type'), (ids) =>
    db
      .select()
      .from(catalog.ticketType)
      .where(inArray(catalog.ticketType.id, ids))
      .orderBy(asc(catalog.ticketType.rank)),
  );
  const rules = await inIds(idsOf('session_rule'), (ids) =>
    db.select().from(catalog.sessionRule).where(inArray(catalog.sessionRule.id, ids)),
  );
  const oneOffs = await inIds(idsOf('event_session'), (ids) =>
    db
      .select()
      .from(catalog.eventSession)
      .where(inArray(catalog.eventSession.id, ids))
      .orderBy(asc(catalog.eventSession.startDatetime)),
  );
  const sessionPrices = oneOffs.length > 0 ? await readSessionPrices(db, sellerId) : new Map();
  const plans = await inIds(idsOf('payment_plan'), (ids) =>
    db.select().from(paymentPlan).where(inArray(paymentPlan.id, ids)),
  );

  const path = (kind: string, id: string | null) =>
    id === null ? undefined : keyOf.get(`${kind}:${id}`);
  const pathOfResource = (resource: string | null, id: string | null) =>
    resource === null ? undefined : path(resource, id);
  const lastKey = (p: string) => p.split('/').at(-1)!;
  const byKey = <T extends { id: string }>(kind: string, list: T[]) =>
    list
      .map((item) => ({ item, key: keyOf.get(`${kind}:${item.id}`)! }))
      .sort((a, b) => a.key.localeCompare(b.key));

  const fileEvents: FileEvent[] = events.map((event) => {
    const key = keyOf.get(`event_template:${event.id}`)!;
    const zone = zoneOfVenue.get(event.venueId ?? '') ?? row.timezone;
    const {
      image_cover: cover,
      image_cover_alt: coverAlt,
      image_profile: profile,
      image_profile_alt: profileAlt,
      message_rules: messageRules,
      ...otherMeta
    } = metaOf('event_template', event.id);
    const eventConfig = Object.fromEntries(
      configs
        .filter((c) => c.resource === 'event_template' && c.resourceId === event.id)
        .map((c) => [c.key, c.value]),
    );
    const eventRules = rules.filter((r) => r.eventTemplateId === event.id);
    const eventSessions = oneOffs.filter((s) => s.eventTemplateId === event.id);
    return compact({
      key,
      name: event.name,
      subtitle: orNone(event.subtitle),
      summary: orNone(event.summary),
      description: orNone(event.description),
      category: orNone(event.category),
      type: event.eventType as FileEvent['type'],
      visibility:
        event.hiddenType === 'public_browsable'
          ? undefined
          : (event.hiddenType as FileEvent['visibility']),
      venue: venues.length > 1 ? path('venue', event.venueId) : undefined,
      cover:
        cover === undefined ? undefined : { image: fileImage(cover), alt: String(coverAlt ?? '') },
      profile:
        profile === undefined
          ? undefined
          : { image: fileImage(profile), alt: String(profileAlt ?? '') },
      message_rules: messageRules as FileEvent['message_rules'],
      meta: Object.keys(otherMeta).length > 0 ? otherMeta : undefined,
      config: Object.keys(eventConfig).length > 0 ? eventConfig : undefined,
      ticket_groups: groups
        .filter((g) => g.eventTemplateId === event.id)
        .map((g) => {
          const groupMeta = metaOf('ticket_group', g.id);
          return compact({
            key: lastKey(keyOf.get(`ticket_group:${g.id}`)!),
            name: g.name,
            handler: g.handler === 'tickets' ? undefined : (g.handler as never),
            description: orNone(g.description),
            summary: orNone(g.summary),
            color: g.color === 0 ? undefined : g.color,
            visibility: g.hiddenType === 'public_browsable' ? undefined : (g.hiddenType as never),
            start_policy: orNone(g.startPolicy) as never,
            start_policy_date: g.startPolicyDate ? localDate(g.startPolicyDate, zone) : undefined,
            duration_new: orNone(g.durationNew),
            min_per_order: orNone(g.minTicketsPerOrder),
            max_per_order: orNone(g.maxTicketsPerOrder),
            sales_start: wallClock(g.salesStart, zone),
            sales_end: wallClock(g.salesEnd, zone),
            capacity: g.capacity < 0 ? undefined : g.capacity,
            exclude_from_event_capacity: g.excludeFromEventCapacity || undefined,
            payment_plan: path('payment_plan', g.paymentPlanId),
            meta: Object.keys(groupMeta).length > 0 ? groupMeta : undefined,
            ticket_types: types
              .filter((t) => t.ticketGroupId === g.id)
              .map((t) =>
                compact({
                  key: lastKey(keyOf.get(`ticket_type:${t.id}`)!),
                  name: t.name,
                  amount: minorToDecimal(t.amount),
                  amount_min: t.amountMin === null ? undefined : minorToDecimal(t.amountMin),
                  amount_max: t.amountMax === null ? undefined : minorToDecimal(t.amountMax),
                  description: orNone(t.description),
                  summary: orNone(t.summary),
                  fees: (t.outsideFees as { name: string; fee: number }[]).length
                    ? (t.outsideFees as { name: string; fee: number }[]).map((f) =>
                        f.name === 'fee_fixed_outside'
                          ? { fixed: minorToDecimal(f.fee) }
                          : { percent: percentOf(f.fee) },
                      )
                    : undefined,
                  available: t.available ? undefined : false,
                }),
              ),
          });
        }),
      session_rules: eventRules.length
        ? byKey('session_rule', eventRules).map(({ item, key: ruleKey }) => ({
            key: lastKey(ruleKey),
            ...(item.definition as Omit<FileSessionRule, 'key'>),
          }))
        : undefined,
      sessions: eventSessions.length
        ? eventSessions.map((s) =>
            compact({
              key: lastKey(keyOf.get(`event_session:${s.id}`)!),
              date: localDate(s.startDatetime, zone),
              time: localTime(s.startDatetime, zone),
              duration_minutes: Math.round(
                (s.endDatetime.getTime() - s.startDatetime.getTime()) / 60_000,
              ),
              capacity: s.capacity < 0 ? undefined : s.capacity,
              closed: s.soldOut || undefined,
              prices: filePrices(sessionPrices.get(s.id) ?? {}, (typeId) =>
                keyOf.get(`ticket_type:${typeId}`),
              ),
            }),
          )
        : undefined,
    }) as FileEvent;
  });
  for (const event of fileEvents) if (event.ticket_groups?.length === 0) delete event.ticket_groups;

  const codes = await db
    .select()
    .from(code)
    .where(and(eq(code.sellerId, sellerId), eq(code.kind, 'promo')))
    .orderBy(asc(code.code));
  const checkoutRules = await inIds(idsOf('checkout_rule'), (ids) =>
    db.select().from(checkoutRule).where(inArray(checkoutRule.id, ids)),
  );
  const cards = await db
    .select()
    .from(ledgerCard)
    .where(
      and(
        eq(ledgerCard.sellerId, sellerId),
        isNull(ledgerCard.ticketId),
        eq(ledgerCard.state, 'active'),
      ),
    )
    .orderBy(asc(ledgerCard.number));
  const programs = await inIds(idsOf('membership_program'), (ids) =>
    db.select().from(membershipProgram).where(inArray(membershipProgram.id, ids)),
  );
  const roles = await db.select().from(membershipRole).where(eq(membershipRole.sellerId, sellerId));
  const memberRules = await db
    .select()
    .from(membershipRule)
    .where(eq(membershipRule.sellerId, sellerId))
    .orderBy(asc(membershipRule.rank));
  const typeOrder = fileEvents.flatMap((e) =>
    (e.ticket_groups ?? []).flatMap((g) => g.ticket_types.map((t) => `${e.key}/${g.key}/${t.key}`)),
  );

  const settings = settingsOf(row.config as Record<string, unknown>, { path, fileImage });
  const file: SellerFile = compact({
    seller: compact({
      slug: row.slug,
      name: row.name,
      currency: row.currency,
      timezone: row.timezone,
      settings: Object.keys(settings).length > 0 ? settings : undefined,
      meta:
        Object.keys(metaOf('seller', sellerId)).length > 0 ? metaOf('seller', sellerId) : undefined,
    }),
    venues: venues.map(({ v, key }) =>
      compact({
        key,
        name: v.name,
        address: orNone(v.address),
        timezone: v.timezone === row.timezone ? undefined : v.timezone,
        closed: metaOf('venue', v.id).closed as string[] | undefined,
      }),
    ),
    events: fileEvents.length ? fileEvents : undefined,
    codes: codes.length
      ? codes.map((c) =>
          compact({
            code: c.code,
            name: c.name,
            description: orNone(c.description),
            discount:
              c.discountType === 'fixed'
                ? { fixed: minorToDecimal(c.discountValue) }
                : { percent: percentOf(c.discountValue) },
            applies_to: pathOfResource(c.resource, c.resourceId),
            code_group: orNone(c.codeGroup),
            max_uses: orNone(c.maxUses),
            blocking_checkout: c.blockingCheckout || undefined,
            activating_code_groups: (c.activatingCodeGroups as string[]).length
              ? (c.activatingCodeGroups as string[])
              : undefined,
            valid_from: wallClock(c.validFrom, row.timezone),
            valid_to: wallClock(c.validTo, row.timezone),
          }),
        )
      : undefined,
    checkout_rules: checkoutRules.length
      ? byKey('checkout_rule', checkoutRules).map(({ item, key }) => ({
          key,
          applies_to: pathOfResource(item.resource, item.resourceId)!,
          code_group: item.codeGroup,
          description: item.description,
        }))
      : undefined,
    gift_cards: cards.length
      ? cards.map((c) => ({ number: c.number, balance: minorToDecimal(c.balance) }))
      : undefined,
    payment_plans: plans.length
      ? byKey('payment_plan', plans).map(({ item, key }) => ({
          key,
          name: item.name,
          installments: (item.installments as PlanInstallment[]).map((i) =>
            compact({
              percent: i.share_bp / 100,
              days_before_start: i.days_before_start ?? undefined,
            }),
          ),
        }))
      : undefined,
    membership_programs: programs.length
      ? byKey('membership_program', programs).map(({ item, key }) => ({
          key,
          name: item.name,
          term_months: item.termMonths,
          renewal_days: item.renewalDays,
          levels: roles
            .filter((r) => r.membershipProgramId === item.id && path('ticket_type', r.ticketTypeId))
            .map((r) => ({ role: r, type: path('ticket_type', r.ticketTypeId)! }))
            .sort((a, b) => typeOrder.indexOf(a.type) - typeOrder.indexOf(b.type))
            .map(({ role, type }) =>
              compact({
                ticket_type: type,
                benefits: Object.keys(role.benefits as object).length
                  ? Object.fromEntries(
                      Object.entries(role.benefits as Record<string, number>).map(([id, n]) => [
                        id === '*' ? id : (path('ticket_type', id) ?? id),
                        n,
                      ]),
                    )
                  : undefined,
                rules: memberRules
                  .filter((m) => m.ticketTypeId === role.ticketTypeId)
                  .map((m) => ({
                    role: m.partyRole,
                    min: m.min,
                    max: m.max,
                    named: m.named as never,
                    emailed: m.emailed as never,
                  })),
              }),
            ),
        }))
      : undefined,
  });
  return { file, images };
}
