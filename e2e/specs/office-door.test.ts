import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { checkoutResponseSchema } from '@admit/contracts/checkout';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { launchBrowser, saveFailureScreenshot } from '../support/browser';
import { fetchAvailableEvents } from '../support/catalog';
import { describeOnEachDatabase } from '../support/each-database';
import { OWNER, officeLogin } from '../support/office';
import { SELLER } from '../support/reserve';
import { startServer, type RunningServer } from '../support/server';

// issue #27 "Today": a door user sees today's arrivals change after a scan. "Today" is the venue's
// day by the server's clock, and a ticket can be bought only for a session still ahead, so the
// spec cannot use the real hour (at 23:00 in New York the museum has no session left today). It
// starts its own server whose clock starts at the next 09:00 venue time (TEST_CLOCK_START, tests
// only, decision 0095) after now, or after E2E_DOOR_NOW when that is later, and runs on; the
// demo is seeded at the same instant. Whatever the hour, the venue's day then has sessions ahead.

const VENUE_ZONE = 'America/New_York';
// the demo's free event (demo-museum.yaml `sketching-hour`): daily at 10:30 and 14:00, $0
const FREE_EVENT = 'Sketching in the Arcade';
const DOOR = 'door@demo-museum.test';

/**
 * The first 09:00 in the venue's zone at or after `instant`. Never before it: the browser keeps
 * the office cookie by its own (real) clock, and a server clock behind it would hand out cookies
 * that are already expired.
 */
function nextVenueMorning(instant: Date): Date {
  for (let day = 0; day <= 2; day++) {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_ZONE }).format(
      new Date(instant.getTime() + day * 86_400_000),
    );
    for (const offset of ['-05:00', '-04:00']) {
      const candidate = new Date(`${date}T09:00:00${offset}`);
      const hour = new Intl.DateTimeFormat('en-GB', {
        timeZone: VENUE_ZONE,
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(candidate);
      if (hour === '09' && candidate.getTime() >= instant.getTime()) return candidate;
    }
  }
  throw new Error(`no 09:00 in ${VENUE_ZONE} after ${instant.toISOString()}`);
}

// on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL (decision 0108): the server's
// own clock and the door's counts read on each
describeOnEachDatabase('the door’s today page', (database) => {
  // E2E_DOOR_NOW: an instant to start from other than now (never earlier than now; see above)
  const base = Math.max(Date.now(), Date.parse(process.env.E2E_DOOR_NOW ?? '') || 0);
  const clockStart = nextVenueMorning(new Date(base));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const pages: Page[] = [];

  beforeAll(async () => {
    const iso = clockStart.toISOString();
    [server, browser] = await Promise.all([
      startServer({
        database,
        env: { TEST_CLOCK_START: iso },
        logName: `server-office-door-${database}.log`,
        startupTimeoutMs: 300_000,
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      for (const page of pages)
        await saveFailureScreenshot(page, `${task.name}-${pages.indexOf(page)}`);
    }
  });

  async function newPage(): Promise<Page> {
    const context = await browser!.newContext({ baseURL: server!.baseUrl, locale: 'en-US' });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    pages.push(page);
    return page;
  }

  /** A guest takes one free ticket of the free event's next session today; its scan code. */
  async function buyFreeTicketToday(page: Page): Promise<{ code: string; start: string }> {
    const catalog = await fetchAvailableEvents(server!.baseUrl, SELLER);
    const event = catalog.event_template._data.find((e) => e.name === FREE_EVENT);
    expect(event, `${FREE_EVENT} in the demo catalogue`).toBeDefined();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_ZONE }).format(clockStart);
    await page.goto(`/${SELLER}/events`);
    const answer = await page.evaluate(
      async ({ eventId, seller, today, after }) => {
        const headers = { 'tix-app': 'ecomm', 'Content-Type': 'application/json' };
        const read = async (path: string) => (await fetch(path, { headers })).json();
        const sessions = (
          await read(
            `/api/events/${eventId}/sessions?_seller=${seller}&_ondate=${today}&_sort=start_datetime`,
          )
        ).event_session._data as { id: string; start_datetime: string }[];
        // a session of the venue's today at least an hour after the server's clock started
        const session = sessions.find((s) => Date.parse(s.start_datetime) > after);
        if (!session) return { status: 0, body: `no session today: ${JSON.stringify(sessions)}` };
        const event = await read(
          `/cached_api/events/${eventId}?_seller=${seller}&_embed=ticket_group,ticket_type`,
        );
        const type = (event.ticket_type._data as { id: string }[])[0]!;
        const modify = await fetch(`/api/my/cart/modify?_seller=${seller}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            add: [
              {
                event_session_id: session.id,
                ticket_types_required: [{ ticket_type_id: type.id, quantity: 1 }],
              },
            ],
          }),
        });
        if (!modify.ok) return { status: modify.status, body: await modify.text() };
        const cartId = (await modify.json()).cart._data[0].id as string;
        const email = `door-guest-${Date.now()}@example.test`;
        const res = await fetch(`/api/cart/${cartId}/guest_checkout?_seller=${seller}`, {
          method: 'POST',
          headers: { ...headers, 'Idempotency-Key': `office-door-${Date.now()}` },
          body: JSON.stringify({
            amount: '0.00',
            gateway_id: 'free',
            gateway_data: {},
            purchaser: {
              first_name: 'Dora',
              last_name: 'Door',
              email,
              email_confirm: email,
              zip_code: '10001',
            },
          }),
        });
        return { status: res.status, body: await res.text(), start: session.start_datetime };
      },
      {
        eventId: event!.id,
        seller: SELLER,
        today,
        after: clockStart.getTime() + 3_600_000,
      },
    );
    expect(answer.status, answer.body).toBe(201);
    const bought = checkoutResponseSchema.parse(JSON.parse(answer.body));
    const code = bought.ticket?._data.find((t) => t.scan_code)?.scan_code;
    expect(code, 'the ticket’s scan code').toBeTruthy();
    return { code: code!, start: answer.start! };
  }

  /** The owner makes a scanner key in the office (the API keys page's call); the key. */
  async function scannerKey(page: Page): Promise<string> {
    await officeLogin(page, OWNER);
    const made = await page.evaluate(async (seller) => {
      const res = await fetch(`/api/office/api_key?_seller=${seller}`, {
        method: 'POST',
        headers: { 'tix-app': 'ecomm', 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'E2E door scanner' }),
      });
      return { status: res.status, body: await res.text() };
    }, SELLER);
    expect(made.status, made.body).toBe(201);
    return (JSON.parse(made.body) as { api_key: { _data: { key: string }[] } }).api_key._data[0]!
      .key;
  }

  it('a door user opens Today, a ticket of a session is scanned, and its checked-in and due change', async () => {
    const buyer = await newPage();
    const { code, start } = await buyFreeTicketToday(buyer);
    const key = await scannerKey(await newPage());

    const door = await newPage();
    await officeLogin(door, DOOR);
    await door
      .getByRole('navigation', { name: 'Office sections' })
      .getByRole('link', { name: 'Today', exact: true })
      .click();
    const table = door.getByRole('grid', { name: /sessions/i });
    await table.waitFor();
    // the session's h:mm on the venue's clock (the page adds AM/PM in its own spacing)
    const time = new Intl.DateTimeFormat('en-US', {
      timeZone: VENUE_ZONE,
      hour: 'numeric',
      minute: '2-digit',
    })
      .formatToParts(new Date(start))
      .filter((p) => p.type === 'hour' || p.type === 'minute')
      .map((p) => p.value)
      .join(':');
    const row = table
      .getByRole('row')
      .filter({ hasText: FREE_EVENT })
      .filter({ hasText: new RegExp(`(^|\\D)${time}(\\D|$)`) });
    await row.waitFor();
    const figures = async () => {
      const cells = await row.getByRole('gridcell').allTextContents();
      // time (row header) · event · capacity · sold · checked in · due
      return { checkedIn: Number(cells.at(-2)), due: Number(cells.at(-1)) };
    };
    const before = await figures();
    expect(before.due).toBeGreaterThanOrEqual(1);
    await expectNoSeriousA11yViolations(door);

    // the scanner's call (features/scan): the code, for today's door
    const scan = await fetch(`${server!.baseUrl}/admin/api/check_in`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'tix-app': 'ecomm',
      },
      body: JSON.stringify({ code }),
    });
    expect(scan.status, await scan.clone().text()).toBe(200);

    // the page reads the day again every few seconds
    await expect
      .poll(figures, { timeout: 30_000, interval: 1000 })
      .toEqual({ checkedIn: before.checkedIn + 1, due: before.due - 1 });
  });
});
