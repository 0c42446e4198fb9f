import fp from 'fastify-plugin';
import type { Db } from '@/db/connection';
import { clearWithCatalogue } from '@/http/read-scopes';
import { ttlCache } from '@/lib/ttl-cache';
import type { AvailabilityRequest } from '@/modules/availability/request';
import type { AvailabilityScope } from '@/modules/availability/scope';
import { selectLayoutSeats, type LayoutSeat } from './repo';
import { sessionSeatMap } from './seat-map';

/** The seat map read (decision 0052) over the app's database. */
export function createSeatsService(db: Db, scopeCacheMs: number) {
  // the event's catalogue rows, reused for a moment as the availability reads do (decision 0034)
  const scopes = ttlCache<AvailabilityScope>(scopeCacheMs);
  // a layout's seats are catalogue rows too (never their states): reused for the same moment
  const layouts = ttlCache<LayoutSeat[]>(scopeCacheMs);
  // an import of the seller's catalogue clears both on every node (decision 0097)
  clearWithCatalogue(db, scopes);
  clearWithCatalogue(db, layouts);
  const layoutSeats = (layoutId: string) =>
    layouts.get(layoutId, () => selectLayoutSeats(db, layoutId));
  return {
    seatMap: (
      request: AvailabilityRequest,
      eventId: string,
      sessionId: string,
      withGeometry: boolean,
    ) =>
      // a cached read names its database (the replica, decision 0097)
      sessionSeatMap(
        request.db ?? db,
        layoutSeats,
        { ...request, scopes },
        eventId,
        sessionId,
        withGeometry,
      ),
  };
}

export type SeatsService = ReturnType<typeof createSeatsService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** reserved seating: a session's seat map (the cart checks seats itself, reserve-seats.ts) */
    seats: SeatsService;
  }
}

/** Builds the seats service once: `app.seats`. */
export const seatsService = fp(
  async (app) => {
    const { database, config } = app.deps;
    app.decorate('seats', createSeatsService(database.db, config.AVAILABILITY_SCOPE_CACHE_MS));
  },
  { name: 'seats-service' },
);
