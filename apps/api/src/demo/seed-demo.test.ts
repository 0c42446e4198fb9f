import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { sellerConfigSchema } from '@admit/contracts/seller-config';
import { IMAGE_PATH_PREFIX } from '@admit/contracts/images';
import type { Database } from '@/db/connection';
import * as catalogTables from '@/db/schema/catalog';
import * as sessionTables from '@/db/schema/sessions';
import * as identityTables from '@/db/schema/identity';
import * as membershipTables from '@/db/schema/memberships';
import { buildSellerConfig } from '@/modules/sellers/seller-config';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { openPgliteTestDatabase, openPostgresTestDatabase } from '@/testing/test-database';
import { verifyPassword } from '@/modules/users/password-hash';
import { DEMO_PASSWORD, demoAccountId } from './demo-accounts';
import { demoEventId } from './demo-ids';
import {
  ADMISSION_CAPACITY,
  ADMISSION_TIMES,
  LATE_OPENING_TIME,
  SCHEDULE_DAYS,
} from './demo-session-states';
import { seedDemo } from './seed-demo';
import { DEMO_STAFF, demoStaffId } from './demo-staff';
import { buildTestApp } from '@/testing/build-test-app';
import { officeCall, officeLogin } from '@/modules/office/office.test-kit';
import { addDays, localDate, localTime } from '@/lib/zoned-time';

// A week before the US DST change (8 March 2026) so the schedule crosses it.
const NOW = new Date('2026-03-01T15:00:00Z');
const NY = 'America/New_York';

describeEachDatabase('seedDemo', (ctx) => {
  let db: Database['db'];

  beforeAll(async () => {
    db = ctx.db;
    expect(await seedDemo(db, { now: NOW })).toEqual({ seeded: true });
  });

  it('is idempotent: a database with sellers is left alone', async () => {
    expect(await seedDemo(db, { now: NOW })).toEqual({ seeded: false });
    expect(await db.select().from(identityTables.seller)).toHaveLength(2);
  });

  it('creates both sellers with their currency, time zone and one public identity each', async () => {
    const sellers = await db
      .select()
      .from(identityTables.seller)
      .orderBy(identityTables.seller.slug);
    expect(sellers.map((s) => [s.slug, s.name, s.currency, s.timezone])).toEqual([
      ['demo-museum', 'Museum of Light & Time', 'USD', NY],
      ['harbour-aquarium', 'Harbour Aquarium', 'GBP', 'Europe/London'],
    ]);
    // browsers resolve *.localhost to this machine: each demo seller answers on its own
    const domains = await db
      .select()
      .from(identityTables.sellerDomain)
      .orderBy(identityTables.sellerDomain.host);
    expect(
      domains.map((d) => [d.host, sellers.find((s) => s.id === d.sellerId)!.slug, d.environment]),
    ).toEqual([
      ['demo-museum.localhost', 'demo-museum', 'local'],
      ['harbour-aquarium.localhost', 'harbour-aquarium', 'local'],
    ]);
    const publics = await db
      .select()
      .from(identityTables.identity)
      .where(eq(identityTables.identity.kind, 'public'));
    expect(publics).toHaveLength(2);
    const [member] = await db
      .select()
      .from(identityTables.identity)
      .where(eq(identityTables.identity.email, 'member@demo-museum.test'));
    expect(member).toMatchObject({ kind: 'user', firstName: 'Mia', lastName: 'Member' });
  });

  it('seeds the museum’s office staff, one per role, who log in with the README’s password', async () => {
    const staff = DEMO_STAFF['demo-museum']!;
    expect(staff.map((s) => s.role)).toEqual(['owner', 'box_office', 'door']);
    const app = await buildTestApp(ctx.database, { now: NOW });
    try {
      const roleSees = { owner: 200, box_office: 403, door: 403 } as const;
      for (const { email, role } of staff) {
        const cookie = await officeLogin(app, 'demo-museum', email, DEMO_PASSWORD);
        const me = await officeCall(app, { path: 'me', slug: 'demo-museum', cookie });
        expect(me.json().staff_user._data[0]).toMatchObject({
          id: demoStaffId('demo-museum', email),
          role,
          email,
        });
        const list = await officeCall(app, { path: 'staff_user', slug: 'demo-museum', cookie });
        expect(list.statusCode, email).toBe(roleSees[role]);
      }
      // the aquarium has no office staff of the museum's
      const elsewhere = await officeCall(app, {
        method: 'POST',
        path: 'login',
        slug: 'harbour-aquarium',
        body: { email: staff[0]!.email, password: DEMO_PASSWORD },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await app.close();
    }
    // and the README's staff table names each of them with their role (issue #27 "Done when")
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    for (const { email, role } of staff) {
      expect(readme, email).toMatch(
        new RegExp(`\\| \`demo-museum\` +\\| \`${email}\` +\\| \`${role}\` +\\|`),
      );
    }
  });

  it('seeds the demo accounts: a member with a password and a current membership, a guest without', async () => {
    const accounts = await db
      .select()
      .from(identityTables.identity)
      .where(eq(identityTables.identity.kind, 'user'))
      .orderBy(identityTables.identity.email);
    const byEmail = new Map(accounts.map((a) => [a.email, a]));
    const member = byEmail.get('member@demo-museum.test')!;
    expect(member).toMatchObject({
      zipCode: '10001',
      id: demoAccountId('demo-museum', member.email!),
    });
    expect(await verifyPassword(member.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(byEmail.get('guest@demo-museum.test')!.passwordHash).toBeNull();
    const visitor = byEmail.get('visitor@harbour-aquarium.test')!;
    expect(await verifyPassword(visitor.passwordHash!, 'Admit-demo-1')).toBe(true);
    const [card] = await db
      .select()
      .from(membershipTables.membership)
      .where(eq(membershipTables.membership.identityId, member.id));
    expect(card).toMatchObject({ memberCode: 'DM100001', role: 'Family' });
    expect(card!.validFrom < NOW && NOW < card!.validTo).toBe(true);
  });

  it('lays out timed admission every 30 minutes 10:00–16:30 venue time for 120 days, across DST, and a dearer Thursday late opening', async () => {
    const today = localDate(NOW, NY);
    // from today on: the demo orders' past visit (demo-orders.ts) is not part of the layout
    const all = (
      await db
        .select()
        .from(sessionTables.eventSession)
        .where(
          eq(
            sessionTables.eventSession.eventTemplateId,
            demoEventId('demo-museum', 'general-admission'),
          ),
        )
        .orderBy(sessionTables.eventSession.startDatetime)
    ).filter((s) => localDate(s.startDatetime, NY) >= today);
    const late = all.filter((s) => localTime(s.startDatetime, NY) === LATE_OPENING_TIME);
    const sessions = all.filter((s) => !late.includes(s));
    expect(sessions).toHaveLength(SCHEDULE_DAYS * 14);
    expect(localDate(sessions[0]!.startDatetime, NY)).toBe(today);
    expect(localDate(sessions.at(-1)!.startDatetime, NY)).toBe(addDays(today, SCHEDULE_DAYS - 1));
    for (const s of sessions) {
      expect(ADMISSION_TIMES).toContain(localTime(s.startDatetime, NY));
      expect(s.capacity).toBe(ADMISSION_CAPACITY);
    }
    // 10:00 in New York is 15:00 UTC before the change and 14:00 UTC after it
    const firstOn = (date: string) =>
      sessions.find((s) => localDate(s.startDatetime, NY) === date)!;
    expect(firstOn('2026-03-07').startDatetime.toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(firstOn('2026-03-09').startDatetime.toISOString()).toBe('2026-03-09T14:00:00.000Z');

    // the late opening: every Thursday of the 120 days (17 from Sunday 1 March), 17:30–19:00,
    // at its own prices (decision 0043); the daily sessions sell at the types' amounts
    expect(late).toHaveLength(17);
    for (const s of late) {
      expect(new Date(`${localDate(s.startDatetime, NY)}T12:00:00Z`).getUTCDay()).toBe(4);
      expect(s.endDatetime.getTime() - s.startDatetime.getTime()).toBe(90 * 60_000);
    }
    const prices = await db
      .select({
        session: sessionTables.sessionPrice.eventSessionId,
        type: catalogTables.ticketType.name,
        amount: sessionTables.sessionPrice.amount,
      })
      .from(sessionTables.sessionPrice)
      .innerJoin(
        catalogTables.ticketType,
        eq(catalogTables.ticketType.id, sessionTables.sessionPrice.ticketTypeId),
      );
    const lateIds = new Set(late.map((s) => s.id));
    const ofGa = prices.filter((p) => lateIds.has(p.session));
    expect(ofGa).toHaveLength(17 * 3);
    expect(new Set(ofGa.map((p) => `${p.type} ${p.amount}`))).toEqual(
      new Set(['Adult 2900', 'Child 1500', 'Senior 2200']),
    );
    expect(prices.filter((p) => !lateIds.has(p.session))).toEqual([]);
  });

  it('has exactly one sold-out session (museum admission, tomorrow 10:00) and some under 10 left', async () => {
    const soldOut = await db
      .select()
      .from(sessionTables.eventSession)
      .where(eq(sessionTables.eventSession.soldOut, true));
    expect(soldOut).toHaveLength(1);
    const [session] = soldOut;
    expect(session!.eventTemplateId).toBe(demoEventId('demo-museum', 'general-admission'));
    expect(localDate(session!.startDatetime, NY)).toBe(addDays(localDate(NOW, NY), 1));
    expect(localTime(session!.startDatetime, NY)).toBe('10:00');
    expect(session!.usedCapacity).toBe(session!.capacity);

    const all = await db.select().from(sessionTables.eventSession);
    const low = all.filter((s) => !s.soldOut && s.capacity - s.usedCapacity < 10);
    expect(low.length).toBeGreaterThanOrEqual(5);
    expect(all.every((s) => s.usedCapacity <= s.capacity)).toBe(true);
  });

  it('stores a real cover and profile image for every event and the logos', async () => {
    const sellers = await db.select().from(identityTables.seller);
    const events = await db.select().from(catalogTables.eventTemplate);
    expect(events.length).toBeGreaterThanOrEqual(14);
    for (const event of events) {
      const slug = sellers.find((s) => s.id === event.sellerId)!.slug;
      for (const key of ['image_cover', 'image_profile']) {
        const [row] = await db
          .select()
          .from(catalogTables.meta)
          .where(and(eq(catalogTables.meta.resourceId, event.id), eq(catalogTables.meta.key, key)));
        const value = row?.value as string;
        expect(value.startsWith(`${IMAGE_PATH_PREFIX}/${slug}/`)).toBe(true);
        const name = decodeURIComponent(value.split('/').at(-1)!);
        const [img] = await db
          .select()
          .from(catalogTables.image)
          .where(
            and(
              eq(catalogTables.image.sellerId, event.sellerId),
              eq(catalogTables.image.name, name),
            ),
          );
        expect(img, `${event.name} ${key}`).toBeDefined();
        const metadata = await sharp(Buffer.from(img!.bytes, 'base64')).metadata();
        expect([metadata.width, metadata.height]).toEqual([img!.width, img!.height]);
        expect(key === 'image_cover' ? [1600, 900] : [800, 600]).toEqual([img!.width, img!.height]);
      }
    }
  });

  it('gives each seller a config that validates and whose ids and logo resolve', async () => {
    for (const row of await db.select().from(identityTables.seller)) {
      const config = buildSellerConfig(row, { NODE_ENV: 'test' });
      expect(sellerConfigSchema.safeParse(config).success).toBe(true);
      expect(config.cart_hold_minutes).toBe(15);
      expect(
        config.content_blocks.some((b) => b.route === 'home' && b.roles.includes('anonymous')),
      ).toBe(true);
      const ids = [
        ...config.anchor_events,
        config.admission_event_id,
        config.membership.event_id,
      ].filter((id): id is string => id !== null);
      for (const id of ids) {
        const found = await db
          .select()
          .from(catalogTables.eventTemplate)
          .where(eq(catalogTables.eventTemplate.id, id));
        expect(found, id).toHaveLength(1);
      }
      const logoName = config.theme.logo_url.split('/').at(-1)!;
      const logo = await db
        .select()
        .from(catalogTables.image)
        .where(
          and(eq(catalogTables.image.sellerId, row.id), eq(catalogTables.image.name, logoName)),
        );
      expect(logo).toHaveLength(1);
      // the header draws the logo at the configured size: the same ratio as the picture's own
      const { logo_width_px: width, logo_height_px: height } = config.theme;
      expect(width! / height).toBeCloseTo(logo[0]!.width / logo[0]!.height, 1);
    }
  });

  it('includes the catalogue shapes the storefront needs', async () => {
    const events = await db.select().from(catalogTables.eventTemplate);
    const groups = await db.select().from(catalogTables.ticketGroup);
    const types = await db.select().from(catalogTables.ticketType);
    expect(events.filter((e) => e.hiddenType === 'public_member_only')).toHaveLength(1);
    // the private group tour, and the 5,000-seat gala the seat map's benchmark opens
    expect(events.filter((e) => e.hiddenType === 'public_link_only')).toHaveLength(2);
    // the planetarium's file carries a <script>; it is stored sanitised (decision 0086), its
    // text kept
    const cosmic = events.find((e) => e.name === 'Cosmic Nights: A Journey Through the Stars')!;
    expect(cosmic.description).toContain('Recommended');
    expect(events.some((e) => e.description?.includes('<script'))).toBe(false);
    const concert = events.find((e) => e.name === 'Evening of Light: Chamber Orchestra')!;
    expect(
      await db
        .select()
        .from(sessionTables.eventSession)
        .where(eq(sessionTables.eventSession.eventTemplateId, concert.id)),
    ).toHaveLength(1);
    expect(groups.find((g) => g.eventTemplateId === concert.id)?.handler).toBe('seated');
    expect(groups.some((g) => g.startPolicy === 'fixedfrom' && g.durationNew)).toBe(true);
    const donation = types.filter(
      (t) => groups.find((g) => g.id === t.ticketGroupId)?.handler === 'donation',
    );
    expect(donation.map((t) => [t.amountMin, t.amountMax])).toEqual([
      [500, 1_000_000],
      [500, 1_000_000],
    ]);
    const adult = types.find((t) => t.name === 'Adult' && t.amount === 2500)!;
    expect(adult.outsideFees).toEqual([
      { name: 'fee_fixed_outside', fee: 200 },
      { name: 'fee_percent_outside', fee: 8875 },
    ]);
    const museum = events.filter(
      (e) => e.sellerId === events.find((x) => x.name === 'General Admission')!.sellerId,
    );
    expect(new Set(museum.map((e) => e.category))).toEqual(
      new Set(['Admission', 'Exhibitions', 'Shows', 'Music', 'Support']),
    );
  });

  // spec: shopping §2, §6 — "Anchor events require an admission event already in the cart":
  // only the Chronos add-on needs one; the free Sketching hour is booked on its own (issue #25)
  it('makes only the add-on exhibition an anchor event', async () => {
    const [museum] = await db
      .select()
      .from(identityTables.seller)
      .where(eq(identityTables.seller.slug, 'demo-museum'));
    const config = buildSellerConfig(museum!, { NODE_ENV: 'test' });
    const events = await db
      .select()
      .from(catalogTables.eventTemplate)
      .where(eq(catalogTables.eventTemplate.sellerId, museum!.id));
    const anchors = events.filter(
      (e) =>
        config.anchor_events.includes(e.id) ||
        (e.category !== null && config.anchor_categories.includes(e.category)),
    );
    expect(anchors.map((e) => e.name)).toEqual(['Chronos: The Art of Measuring Time']);
  });

  it('is deterministic apart from dates, and concurrent seeds write once', async () => {
    // a second, empty database of the same kind, seeded by two racing callers
    const other =
      ctx.kind === 'postgres'
        ? await openPostgresTestDatabase(process.env.TEST_DATABASE_URL!)
        : await openPgliteTestDatabase();
    try {
      const results = await Promise.all([
        seedDemo(other.database.db, { now: NOW }),
        seedDemo(other.database.db, { now: NOW }),
      ]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      const ids = async (d: Database['db']) => ({
        events: (
          await d
            .select({ id: catalogTables.eventTemplate.id })
            .from(catalogTables.eventTemplate)
            .orderBy(catalogTables.eventTemplate.id)
        ).map((r) => r.id),
        types: (
          await d
            .select({ id: catalogTables.ticketType.id })
            .from(catalogTables.ticketType)
            .orderBy(catalogTables.ticketType.id)
        ).map((r) => r.id),
        sessions: (
          await d
            .select({ id: sessionTables.eventSession.id })
            .from(sessionTables.eventSession)
            .orderBy(sessionTables.eventSession.id)
        ).map((r) => r.id),
      });
      expect(await ids(other.database.db)).toEqual(await ids(db));
    } finally {
      await other.dispose();
    }
  });

  it('holds carts for cartHoldMinutes when given (SEED_CART_HOLD_MINUTES, e2e short hold)', async () => {
    const other =
      ctx.kind === 'postgres'
        ? await openPostgresTestDatabase(process.env.TEST_DATABASE_URL!)
        : await openPgliteTestDatabase();
    try {
      await seedDemo(other.database.db, { now: NOW, cartHoldMinutes: 1 });
      const rows = await other.database.db.select().from(identityTables.seller);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(buildSellerConfig(row, { NODE_ENV: 'test' }).cart_hold_minutes).toBe(1);
      }
    } finally {
      await other.dispose();
    }
  });
});
