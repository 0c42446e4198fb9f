/**
 * Read scopes: what makes a /cached_api body stale before its TTL (decision 0052 "Cache"). A
 * read that depends on live tickets names its scope (`sessionReadScope(id)`); a write that
 * changes tickets calls `forgetSessionReads` AFTER its transaction commits. Each scope has a
 * generation that is part of the cache key (read-route.ts): forgetting bumps it, so every read
 * from then on misses and computes from the committed rows, and a read that started before the
 * bump can only store its body under the old key, which nobody asks for again. No delete races
 * a compute in flight. Keyed by the database handle, so every service that writes tickets can
 * signal with the `db` it already holds, and two apps on two databases never share a scope.
 * In process only: another process serves its copy until its own TTL (CACHED_API_SERVER_TTL_MS).
 */

// a bound on the map: when it grows past this, every scope forgotten so far is dropped and the
// floor rises to the newest generation, so a dropped scope reads a generation no body was
// stored under since (sound: an older key is never read again)
const MAX_SCOPES = 10_000;

interface ScopeGenerations {
  latest: number;
  floor: number;
  byScope: Map<string, number>;
}

const generations = new WeakMap<object, ScopeGenerations>();

function generationsOf(db: object): ScopeGenerations {
  let found = generations.get(db);
  if (!found) {
    found = { latest: 0, floor: 0, byScope: new Map() };
    generations.set(db, found);
  }
  return found;
}

/** The scope of the reads that show a session's live tickets (its seat map). */
export const sessionReadScope = (sessionId: string) => `event_session:${sessionId.toLowerCase()}`;

/** The scope's current generation, part of a cached body's key. */
export function readScopeGeneration(db: object, scope: string): number {
  const g = generationsOf(db);
  return g.byScope.get(scope) ?? g.floor;
}

/**
 * Makes cached reads of these sessions stale: call after the transaction that changed their
 * tickets has committed (holds, removal, expiry, cancel).
 */
export function forgetSessionReads(db: object, sessionIds: Iterable<string | null | undefined>) {
  const g = generationsOf(db);
  for (const id of new Set(sessionIds)) {
    if (!id) continue;
    if (g.byScope.size >= MAX_SCOPES) {
      g.byScope.clear();
      g.floor = g.latest;
    }
    g.byScope.set(sessionReadScope(id), ++g.latest);
  }
}
