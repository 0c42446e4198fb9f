import { decimalToMinor } from '@admit/contracts/money';
import { imagePath } from '@admit/contracts/images';
import type { Db } from '@/db/connection';
import * as catalogTables from '@/db/schema/catalog';
import * as identityTables from '@/db/schema/identity';
import { writeDemoAccounts } from './demo-accounts';
import { demoAvailabilityMeta } from './demo-availability-meta';
import { demoEventId, demoId } from './demo-ids';
import type { DemoEvent, DemoSeller, DemoTicketGroup, OutsideFee } from './demo-types';
import {
  FAVICON_NAME,
  LOGO_NAME,
  eventImageNames,
  renderBrandImages,
  renderEventImages,
  type RenderedImage,
} from './render-images';
import { buildSessions, type SessionRow } from './schedule';
import { localDate, zonedWallTimeToUtc } from '@/lib/zoned-time';

/** Anything that can insert: the database or a transaction. */
export type Writer = Pick<Db, 'insert'>;

type MetaRow = typeof catalogTables.meta.$inferInsert;

// DB money: minor units; percent fees: thousandths of a percent (docs/decisions/0002)
function storedFees(fees: OutsideFee[] = []) {
  return fees.map((f) =>
    f.name === 'fee_fixed_outside'
      ? { name: f.name, fee: decimalToMinor(f.amount) }
      : { name: f.name, fee: Math.round(Number(f.percent) * 1000) },
  );
}

const minor = (amount: string | undefined) =>
  amount === undefined ? null : decimalToMinor(amount);

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

function metaRows(
  sellerId: string,
  resource: string,
  resourceId: string,
  values: Record<string, unknown>,
): MetaRow[] {
  return Object.entries(values).map(([key, value]) => ({
    id: demoId(`${resource}/${resourceId}/meta/${key}`),
    sellerId,
    resource,
    resourceId,
    key,
    value,
  }));
}

/** Renders a demo seller's logo, favicon and every event's cover and profile. */
export async function renderSellerImages(demo: DemoSeller): Promise<RenderedImage[]> {
  const sets = await Promise.all([
    renderBrandImages(demo.logoArt, demo.faviconArt),
    ...demo.events.map((e) => renderEventImages(e.key, e.art)),
  ]);
  return sets.flat();
}

/**
 * Writes one demo seller: seller, identities, venue, images (rendered beforehand, so the
 * transaction is not held open while sharp works), events with groups, types and sessions.
 */
export async function writeDemoSeller(
  db: Writer,
  demo: DemoSeller,
  now: Date,
  images: RenderedImage[],
  overrides: { cartHoldMinutes?: number; passwordHashes?: ReadonlyMap<string, string> } = {},
): Promise<void> {
  const sellerId = demoId(`${demo.slug}/seller`);
  const today = localDate(now, demo.timezone);
  const path = (name: string) => imagePath(demo.slug, name);

  await db.insert(identityTables.seller).values({
    id: sellerId,
    slug: demo.slug,
    name: demo.name,
    currency: demo.currency,
    timezone: demo.timezone,
    config: {
      ...demo.config({ logo: path(LOGO_NAME), favicon: path(FAVICON_NAME) }),
      ...(overrides.cartHoldMinutes ? { cart_hold_minutes: overrides.cartHoldMinutes } : {}),
    },
  });
  await writeDemoAccounts(db, demo, sellerId, overrides.passwordHashes ?? new Map());
  const venueId = demoId(`${demo.slug}/venue`);
  await db.insert(catalogTables.venue).values({
    id: venueId,
    sellerId,
    name: demo.venue.name,
    timezone: demo.timezone,
    address: demo.venue.address,
  });
  await db.insert(catalogTables.image).values(
    images.map((img) => ({
      id: demoId(`${demo.slug}/image/${img.name}`),
      sellerId,
      name: img.name,
      contentType: img.contentType,
      bytes: img.bytes.toString('base64'),
      width: img.width,
      height: img.height,
    })),
  );

  const metas: MetaRow[] = [];
  const sessions: SessionRow[] = [];
  const startOfToday = zonedWallTimeToUtc(today, '00:00', demo.timezone);
  for (const event of demo.events) {
    const eventId = demoEventId(demo.slug, event.key);
    await writeEvent(db, { sellerId, venueId, eventId, event, startOfToday, metas });
    const names = eventImageNames(event.key);
    metas.push(
      ...metaRows(sellerId, 'event_template', eventId, {
        image_cover: path(names.cover),
        image_profile: path(names.profile),
        image_cover_alt: event.coverAlt,
        image_profile_alt: event.profileAlt,
        ...event.meta,
      }),
    );
    metas.push(...demoAvailabilityMeta(sellerId, demo.slug, eventId, event.key));
    sessions.push(...buildSessions(demo.slug, sellerId, eventId, event, today, demo.timezone));
  }
  await insertChunked(metas, (chunk) => db.insert(catalogTables.meta).values(chunk));
  await insertChunked(
    sessions,
    (chunk) => db.insert(catalogTables.eventSession).values(chunk),
    1000,
  );
}

interface EventContext {
  sellerId: string;
  venueId: string;
  eventId: string;
  event: DemoEvent;
  startOfToday: Date;
  metas: MetaRow[];
}

async function writeEvent(db: Writer, ctx: EventContext) {
  const { sellerId, eventId, event } = ctx;
  await db.insert(catalogTables.eventTemplate).values({
    id: eventId,
    sellerId,
    name: event.name,
    subtitle: event.subtitle ?? null,
    summary: event.summary ?? null,
    description: event.description,
    category: event.category,
    eventType: event.eventType,
    hiddenType: event.hiddenType ?? 'public_browsable',
    venueId: ctx.venueId,
    rank: event.rank,
  });
  const configs = Object.entries(event.config ?? {});
  if (configs.length > 0) {
    await db.insert(catalogTables.configRow).values(
      configs.map(([key, value]) => ({
        id: demoId(`event_template/${eventId}/config/${key}`),
        sellerId,
        resource: 'event_template',
        resourceId: eventId,
        key,
        value,
      })),
    );
  }
  for (const [rank, group] of event.groups.entries()) await writeGroup(db, ctx, group, rank);
}

async function writeGroup(db: Writer, ctx: EventContext, group: DemoTicketGroup, rank: number) {
  const { sellerId, eventId } = ctx;
  const groupId = demoId(`${eventId}/group/${group.key}`);
  await db.insert(catalogTables.ticketGroup).values({
    id: groupId,
    sellerId,
    eventTemplateId: eventId,
    name: group.name,
    description: group.description ?? null,
    summary: group.summary ?? null,
    color: group.color ?? 0,
    handler: group.handler,
    hiddenType: group.hiddenType ?? 'public_browsable',
    startPolicy: group.startPolicy ?? null,
    // flexible groups are valid from the seed day (dates are the only non-deterministic part)
    startPolicyDate: group.startPolicy ? ctx.startOfToday : null,
    durationNew: group.durationNew ?? null,
    minTicketsPerOrder: group.minPerOrder ?? null,
    maxTicketsPerOrder: group.maxPerOrder ?? null,
    capacity: group.capacity ?? -1,
    usedCapacity: group.usedCapacity ?? 0,
    excludeFromEventCapacity: group.excludeFromEventCapacity ?? false,
    rank,
  });
  await db.insert(catalogTables.ticketType).values(
    group.types.map((type, typeRank) => ({
      id: demoId(`${groupId}/type/${type.key}`),
      sellerId,
      ticketGroupId: groupId,
      name: type.name,
      description: type.description ?? null,
      summary: type.summary ?? null,
      rank: typeRank,
      amount: decimalToMinor(type.amount),
      amountMin: minor(type.amountMin),
      amountMax: minor(type.amountMax),
      outsideFees: storedFees(type.fees),
    })),
  );
  if (group.meta) ctx.metas.push(...metaRows(sellerId, 'ticket_group', groupId, group.meta));
}
