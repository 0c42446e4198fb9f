import autocannon from 'autocannon';
import { CATALOG_PATH } from './catalog-read';

/**
 * The traffic of issue #26's "after 10 minutes of the catalogue and reserve benchmarks": the
 * catalogue read (bench/catalog-read.ts's path) and reservations (the reserve rush's
 * `POST /api/my/cart/modify`, here on a demo session, each from a new visitor, so every answer
 * makes a cart or says sold out) at once, for `seconds`, while `sample` reads the server's
 * memory every SAMPLE_MS. The demo seller's data, so it runs on either database through HTTP
 * only.
 */
const CONNECTIONS = 10;
const SAMPLE_MS = 5_000;
const SELLER = 'demo-museum';

export interface LoadSummary {
  seconds: number;
  catalogueRequests: number;
  reserveRequests: number;
  /** answers that were not 2xx: sold out once the session is full, which is expected */
  reserveNon2xx: number;
  errors: number;
  /** highest resident memory seen while the traffic ran (bytes) */
  peakRss: number;
  /** resident memory when the traffic stopped (bytes) */
  endRss: number;
}

interface Rows<Row> {
  _data?: Row[];
}
interface Listing {
  event_template?: Rows<{ id: string }>;
  ticket_group?: Rows<{ id: string; event_template_id: string }>;
  ticket_type?: Rows<{ id: string; ticket_group_id: string }>;
}

/**
 * A demo event's ticket type and its session with the most places left: what a visitor
 * reserves. Each reservation takes a place, so a small session soon answers sold out; the
 * summary counts those answers.
 */
async function reserveTarget(baseUrl: string) {
  const headers = { 'tix-app': 'ecomm' };
  const listing = (await (await fetch(`${baseUrl}${CATALOG_PATH}`, { headers })).json()) as Listing;
  let best: { typeId: string; sessionId: string; places: number } | null = null;
  for (const event of listing.event_template?._data ?? []) {
    const groups = (listing.ticket_group?._data ?? []).filter(
      (g) => g.event_template_id === event.id,
    );
    const type = (listing.ticket_type?._data ?? []).find((t) =>
      groups.some((g) => g.id === t.ticket_group_id),
    );
    if (!type) continue;
    const res = await fetch(`${baseUrl}/api/events/${event.id}/sessions?_seller=${SELLER}`, {
      headers,
    });
    const body = (await res.json()) as {
      event_session?: Rows<{ id: string; available: boolean; availableCapacity: number }>;
    };
    for (const session of body.event_session?._data ?? []) {
      if (!session.available || (best && best.places >= session.availableCapacity)) continue;
      best = { typeId: type.id, sessionId: session.id, places: session.availableCapacity };
    }
  }
  if (!best) throw new Error('no demo event with a ticket type and a session on sale to reserve');
  return best;
}

export async function runLoad(
  baseUrl: string,
  seconds: number,
  sample: () => number,
): Promise<LoadSummary> {
  const { typeId, sessionId } = await reserveTarget(baseUrl);
  let peakRss = sample();
  const timer = setInterval(() => (peakRss = Math.max(peakRss, sample())), SAMPLE_MS);
  try {
    const [catalogue, reserve] = await Promise.all([
      autocannon({
        url: `${baseUrl}${CATALOG_PATH}`,
        headers: { 'tix-app': 'ecomm' },
        connections: CONNECTIONS,
        duration: seconds,
      }),
      autocannon({
        url: `${baseUrl}/api/my/cart/modify?_seller=${SELLER}`,
        method: 'POST',
        headers: { 'tix-app': 'ecomm', 'content-type': 'application/json' },
        body: JSON.stringify({
          add: [
            {
              event_session_id: sessionId,
              ticket_types_required: [{ ticket_type_id: typeId, quantity: 1 }],
            },
          ],
        }),
        connections: CONNECTIONS,
        duration: seconds,
      }),
    ]);
    const endRss = sample();
    return {
      seconds,
      catalogueRequests: catalogue.requests.total,
      reserveRequests: reserve.requests.total,
      reserveNon2xx: reserve.non2xx,
      errors: catalogue.errors + reserve.errors + catalogue.non2xx,
      peakRss: Math.max(peakRss, endRss),
      endRss,
    };
  } finally {
    clearInterval(timer);
  }
}
