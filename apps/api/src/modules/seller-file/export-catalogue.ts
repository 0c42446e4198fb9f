import { asc, eq, inArray } from 'drizzle-orm';
import type { FileEvent, FileVenue } from '@admit/contracts/seller-file/catalogue';
import { configRow, eventTemplate, venue } from '@/db/schema/catalog';
import { inIds, type ExportContext } from './export-context';
import { readSeatLayouts } from './export-seats';
import { readEventSessions } from './export-sessions';
import { readTicketGroups } from './export-ticket-groups';
import { compact, orNone } from './export-values';

/**
 * The seller's venues and events in the file's form, each event with its ticket groups, session
 * rules and one-off sessions; times in the event's venue zone (the seller's without a venue).
 */
export async function catalogueOf(
  ctx: ExportContext,
): Promise<{ venues: FileVenue[]; events: FileEvent[] }> {
  const { db, idsOf, path, metaOf, fileImage } = ctx;
  const sellerZone = ctx.seller.timezone;
  const configs = await db
    .select()
    .from(configRow)
    .where(eq(configRow.sellerId, ctx.seller.id))
    .orderBy(asc(configRow.key));
  const venues = ctx.byKey(
    'venue',
    await inIds(idsOf('venue'), (ids) => db.select().from(venue).where(inArray(venue.id, ids))),
  );
  const zoneOfVenue = new Map(venues.map(({ item }) => [item.id, item.timezone]));
  const events = ctx
    .byKey(
      'event_template',
      await inIds(idsOf('event_template'), (ids) =>
        db.select().from(eventTemplate).where(inArray(eventTemplate.id, ids)),
      ),
    )
    // by rank (their order in the file that made them), ties by key
    .sort((a, b) => a.item.rank - b.item.rank || a.key.localeCompare(b.key));
  const groupsOf = await readTicketGroups(ctx);
  const seats = await readSeatLayouts(db, ctx.seller.id);
  const sessionsOf = await readEventSessions(ctx, seats);

  const fileEvents = events.map(({ item: event, key }) => {
    const zone = zoneOfVenue.get(event.venueId ?? '') ?? sellerZone;
    const {
      image_cover: cover,
      image_cover_alt: coverAlt,
      image_profile: profile,
      image_profile_alt: profileAlt,
      message_rules: messageRules,
      seat_layout: seatLayoutKey,
      ...otherMeta
    } = metaOf('event_template', event.id);
    const eventConfig = Object.fromEntries(
      configs
        .filter((c) => c.resource === 'event_template' && c.resourceId === event.id)
        .map((c) => [c.key, c.value]),
    );
    const ticketGroups = groupsOf(event.id, zone);
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
      // with one venue the file leaves it out: every event is there
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
      seat_layout: seatLayoutKey as string | undefined,
      ticket_groups: ticketGroups.length > 0 ? ticketGroups : undefined,
      ...sessionsOf(event.id, zone, seatLayoutKey as string | undefined),
    }) as FileEvent;
  });
  return {
    venues: venues.map(({ item: v, key }) =>
      compact({
        key,
        name: v.name,
        address: orNone(v.address),
        timezone: v.timezone === sellerZone ? undefined : v.timezone,
        closed: metaOf('venue', v.id).closed as string[] | undefined,
        seat_layouts: seats.layoutsOf(v.id).length > 0 ? seats.layoutsOf(v.id) : undefined,
      }),
    ),
    events: fileEvents,
  };
}
