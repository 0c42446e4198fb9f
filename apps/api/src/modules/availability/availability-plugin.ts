import fp from 'fastify-plugin';
import type { Db } from '@/db/connection';
import { clearWithCatalogue } from '@/http/read-scopes';
import { ttlCache } from '@/lib/ttl-cache';
import { eventCalendar } from './calendar';
import { pricecheck } from './pricecheck';
import type { AvailabilityRequest } from './request';
import type { AvailabilityScope } from './scope';
import type { SelectionLine } from './selection-fit';
import { eventSessionDetail } from './session-detail';
import { eventSessions } from './sessions';

/**
 * Calendar, sessions, session detail and pricecheck over the app's database (spec: shopping
 * §7), sharing one short-lived cache of event scopes (scope.ts, decision 0034).
 */
export function createAvailabilityService(db: Db, scopeCacheMs: number) {
  // catalogue rows every read of an event starts from, reused for a moment (scope.ts)
  const scopes = ttlCache<AvailabilityScope>(scopeCacheMs);
  // an import of the seller's catalogue clears it on every node (decision 0097)
  clearWithCatalogue(db, scopes);
  const scoped = (request: AvailabilityRequest) => ({ ...request, scopes });
  // a cached read names its database (the replica, decision 0097); every other read the primary
  const from = (request: AvailabilityRequest) => request.db ?? db;
  return {
    calendar: async (request: AvailabilityRequest, eventId: string, selection?: SelectionLine[]) =>
      (await eventCalendar(from(request), scoped(request), eventId, selection)).body,
    sessions: (request: AvailabilityRequest, eventId: string, selection: SelectionLine[] | null) =>
      eventSessions(from(request), scoped(request), eventId, selection),
    sessionDetail: (request: AvailabilityRequest, eventId: string, sessionId: string) =>
      eventSessionDetail(from(request), scoped(request), eventId, sessionId),
    pricecheck: (request: AvailabilityRequest, eventId: string, typeIds: string[]) =>
      pricecheck(from(request), scoped(request), eventId, typeIds),
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** the availability reads: calendar, sessions, session detail, pricecheck */
    availability: AvailabilityService;
  }
}

/** Builds the availability service (and its scope cache) once: `app.availability`. */
export const availabilityService = fp(
  async (app) => {
    const { database, config } = app.deps;
    app.decorate(
      'availability',
      createAvailabilityService(database.db, config.AVAILABILITY_SCOPE_CACHE_MS),
    );
  },
  { name: 'availability-service' },
);
