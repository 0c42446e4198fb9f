/**
 * Read scopes: what makes a /cached_api body stale before its TTL (decision 0052 "Cache",
 * decision 0097 across nodes). A cached read names its scopes: every read its seller's
 * (`sellerReadScope`), a read that shows live tickets also its session's or event's. A write
 * that changes tickets calls `forgetSessionReads` AFTER its transaction commits; an import that
 * changes a seller's catalogue or settings calls `forgetSellerReads`. Each scope has a
 * generation that is part of the cache key (read-route.ts): forgetting bumps it, so every read
 * from then on misses and computes from the committed rows, and a read that started before the
 * bump can only store its body under the old key, which nobody asks for again. No delete races
 * a compute in flight. Keyed by the database handle, so every service that writes tickets can
 * signal with the `db` it already holds, and two apps on two databases never share a scope.
 *
 * Across nodes (decision 0097): when a publisher is attached to the handle (cache-notices
 * plugin, PostgreSQL with DATABASE_LISTEN_URL) each forget is also sent to every node, which
 * applies it with `applyReadNotice`; the TTL stays the bound when a notice is lost.
 */

// a bound on the map: when it grows past this, every scope forgotten so far is dropped and the
// floor rises to the newest generation, so a dropped scope reads a generation no body was
// stored under since (sound: an older key is never read again)
const MAX_SCOPES = 10_000;

/** Sends a forget to the other nodes (and back to this one, which applies it again: harmless). */
export interface ReadNoticePublisher {
  /** resolves, once sent, with the sessions' event scopes (none when the notice failed) */
  sessions(sessionIds: string[]): Promise<string[]>;
  seller(sellerId: string): void;
}

interface ScopeGenerations {
  latest: number;
  floor: number;
  byScope: Map<string, number>;
  /** the in-process caches of catalogue rows, cleared when a seller's catalogue changes */
  catalogueCaches: Set<() => void>;
  publisher: ReadNoticePublisher | null;
}

const generations = new WeakMap<object, ScopeGenerations>();

function generationsOf(db: object): ScopeGenerations {
  let found = generations.get(db);
  if (!found) {
    found = {
      latest: 0,
      floor: 0,
      byScope: new Map(),
      catalogueCaches: new Set(),
      publisher: null,
    };
    generations.set(db, found);
  }
  return found;
}

/** The scope of the reads that show a session's live tickets (its seat map). */
export const sessionReadScope = (sessionId: string) => `event_session:${sessionId.toLowerCase()}`;
/** The scope of an event's availability reads (calendar, sessions, session detail). */
export const eventReadScope = (eventId: string) => `event:${eventId.toLowerCase()}`;
/** The scope of every cached read of a seller (its catalogue and settings). */
export const sellerReadScope = (sellerId: string) => `seller:${sellerId.toLowerCase()}`;

/** The scope's current generation, part of a cached body's key. */
export function readScopeGeneration(db: object, scope: string): number {
  const g = generationsOf(db);
  return g.byScope.get(scope) ?? g.floor;
}

/** Makes every cached read of these scopes stale on this node (no notice is sent). */
export function forgetReadScopes(db: object, scopes: Iterable<string>) {
  const g = generationsOf(db);
  for (const scope of new Set(scopes)) {
    if (g.byScope.size >= MAX_SCOPES) {
      g.byScope.clear();
      g.floor = g.latest;
    }
    g.byScope.set(scope, ++g.latest);
  }
}

/**
 * Makes cached reads of these sessions stale: call after the transaction that changed their
 * tickets has committed (holds, removal, expiry, cancel, a capacity change). With a publisher
 * attached, the other nodes hear of it, and it resolves once the notice is sent and the
 * sessions' events (looked up by the notice) are forgotten here too: the writer's answer goes
 * out after every cached read of this node shows the write. Without one, the seat maps are
 * forgotten here and the availability reads end at their TTL.
 */
export async function forgetSessionReads(
  db: object,
  sessionIds: Iterable<string | null | undefined>,
): Promise<void> {
  const ids = [...new Set(sessionIds)].filter((id): id is string => !!id);
  if (ids.length === 0) return;
  forgetReadScopes(db, ids.map(sessionReadScope));
  const publisher = generationsOf(db).publisher;
  if (publisher) forgetReadScopes(db, await publisher.sessions(ids));
}

/**
 * A seller's catalogue or settings changed (committed): every cached read of the seller goes
 * stale, and the catalogue-row caches are cleared, here and, through the publisher, everywhere.
 */
export function forgetSellerReads(db: object, sellerId: string) {
  applySellerForget(db, sellerId);
  generationsOf(db).publisher?.seller(sellerId);
}

function applySellerForget(db: object, sellerId: string) {
  const g = generationsOf(db);
  forgetReadScopes(db, [sellerReadScope(sellerId)]);
  for (const clear of g.catalogueCaches) clear();
}

/**
 * A notice from another node (or this one, echoed): the scopes it names go stale; a seller
 * scope also clears the catalogue-row caches.
 */
export function applyReadNotice(db: object, scopes: string[]) {
  for (const scope of scopes) {
    if (scope.startsWith('seller:')) applySellerForget(db, scope.slice('seller:'.length));
  }
  forgetReadScopes(
    db,
    scopes.filter((scope) => !scope.startsWith('seller:')),
  );
}

/**
 * Every cached read goes stale and every catalogue cache is cleared: the notices may have
 * missed some (the listening connection was down), so nothing kept from before is trusted.
 */
export function forgetAllReads(db: object) {
  const g = generationsOf(db);
  g.byScope.clear();
  g.floor = ++g.latest;
  for (const clear of g.catalogueCaches) clear();
}

/** Registers a cache of catalogue rows (a TTL cache) to be cleared with a seller's reads. */
export function clearWithCatalogue(db: object, cache: { clear(): void }) {
  generationsOf(db).catalogueCaches.add(() => cache.clear());
}

/** Attaches (or, with null, detaches) the publisher of this database's forgets. */
export function setReadNoticePublisher(db: object, publisher: ReadNoticePublisher | null) {
  generationsOf(db).publisher = publisher;
}
