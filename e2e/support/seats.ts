import { sessionDetailResponseSchema, sessionsResponseSchema } from '@admit/contracts/availability';
import { cartBundleSchema, type CartBundle } from '@admit/contracts/cart';
import type { EventTemplate } from '@admit/contracts/resources';
import { seatMapResponseSchema, type Seat } from '@admit/contracts/seat-map';
import type { Locator, Page } from 'playwright-core';
import { apiJson, browsableEvents, fetchAvailableEvents } from './catalog';
import { SELLER } from './reserve';
import { openSessionsPath } from './session-choice';

// Helpers for the seat specs (issue #24): the demo concert's session, its seats as the server
// states them (GET …/seat_map, shopping §7), a seat held by another buyer, and the seat map and
// selector by their roles and texts.

const Q = `_seller=${SELLER}`;

/** The demo's reserved-seating concert (issue #24 "Demo"): its one performance sells a hall. */
export const CONCERT = 'Evening of Light: Chamber Orchestra';

export interface Concert {
  event: EventTemplate;
  sessionId: string;
  /** the Stalls group's Adult type */
  stallsAdultId: string;
}

/** The concert as the API serves it: the event, its first open session and the Stalls Adult type. */
export async function readConcert(baseUrl: string): Promise<Concert> {
  const event = browsableEvents(await fetchAvailableEvents(baseUrl, SELLER)).find(
    (e) => e.name === CONCERT,
  );
  if (!event) throw new Error(`${SELLER} lists no "${CONCERT}"`);
  const sessions = sessionsResponseSchema.parse(
    await apiJson(`${baseUrl}${openSessionsPath(SELLER, event.id)}`),
  ).event_session._data;
  const sessionId = sessions[0]?.id;
  if (!sessionId) throw new Error(`"${CONCERT}" has no open session`);
  const detail = sessionDetailResponseSchema.parse(
    await apiJson(
      `${baseUrl}/api/events/${event.id}/sessions/${sessionId}?${Q}&_embed=ticket_group,ticket_type`,
    ),
  );
  const stalls = detail.ticket_group?._data.find((g) => g.name === 'Stalls');
  const stallsAdult = detail.ticket_type?._data.find(
    (t) => t.ticket_group_id === stalls?.id && t.name === 'Adult',
  );
  if (!stallsAdult) throw new Error(`"${CONCERT}" sells no Stalls Adult`);
  return { event, sessionId, stallsAdultId: stallsAdult.id };
}

/** The session's seats with their live states (the uncached read, so no server copy). */
export async function readSeats(baseUrl: string, concert: Concert): Promise<Seat[]> {
  const url = `${baseUrl}/api/events/${concert.event.id}/sessions/${concert.sessionId}/seat_map?${Q}`;
  return seatMapResponseSchema.parse(await apiJson(url)).seat._data;
}

/**
 * `count` available seats side by side in `row` of `section`, plain seats (no wheelchair or
 * companion seat), walking the row's `next` links: what a click auto-extends to.
 */
export function freeRun(seats: Seat[], section: string, row: string, count: number): Seat[] {
  const byId = new Map(seats.map((seat) => [seat.id, seat]));
  const free = (seat: Seat | undefined): seat is Seat =>
    !!seat && seat.state === 'available' && seat.accessibility === null;
  for (const start of seats.filter((s) => s.section === section && s.row === row)) {
    const run: Seat[] = [];
    for (let seat: Seat | undefined = start; free(seat) && run.length < count;) {
      run.push(seat);
      seat = seat.next ? byId.get(seat.next) : undefined;
    }
    if (run.length === count) return run;
  }
  throw new Error(`no ${count} free seats together in ${section} row ${row}`);
}

/** Another buyer, without the page's cookies, holds these seats of the session. */
export async function holdSeatsAsAnotherGuest(
  baseUrl: string,
  concert: Concert,
  seats: Seat[],
): Promise<CartBundle> {
  return cartBundleSchema.parse(
    await apiJson(`${baseUrl}/api/my/cart/modify?${Q}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        add: [
          {
            event_session_id: concert.sessionId,
            ticket_types_required: seats.map((seat) => ({
              ticket_type_id: concert.stallsAdultId,
              quantity: 1,
              seat_template_id: seat.id,
            })),
          },
        ],
      }),
    }),
  );
}

/** The event page's reserve form ("Tickets"). */
export function ticketsForm(page: Page): Locator {
  return page.getByRole('region', { name: 'Tickets' });
}

/** "Increase Adult" of the Stalls group (Balcony sells an "Adult" too: the group names them). */
export function increaseStallsAdult(page: Page): Locator {
  return ticketsForm(page)
    .getByRole('group', { name: 'Stalls', exact: true })
    .getByRole('button', { name: 'Increase Adult', exact: true });
}

/** The seat map (a grid of rows of seats). */
export function seatMap(page: Page): Locator {
  return page.getByRole('grid', { name: 'Seat map' });
}

/** One seat on the map by its row's and its own name ("Stalls, row F", "Row F, seat 5, …"). */
export function seatCell(page: Page, seat: Seat): Locator {
  return seatMap(page)
    .getByRole('row', { name: `${seat.section}, row ${seat.row}`, exact: true })
    .getByRole('gridcell', { name: new RegExp(`^Row ${seat.row}, seat ${seat.seat},`) });
}

/** The rows of "Selected Seats" as their cells read ("F5Adult"), header row left out. */
export async function selectedSeatRows(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Selected Seats' });
  await table.waitFor();
  const rows = await table.getByRole('row').allTextContents();
  return rows.slice(1);
}

/** "F5": how the selector names a seat in its announcements and its table. */
export function shortName(seat: Seat): string {
  return `${seat.row}${seat.seat}`;
}
