import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { eventsOfSessions, sendCacheNotice } from '@/db/cache-notices';
import { startNoticeListener, type NoticeListener } from '@/db/notice-listener';
import { createNoticeBatcher } from './notice-batcher';
import {
  applyReadNotice,
  clearWithCatalogue,
  eventReadScope,
  forgetAllReads,
  sellerReadScope,
  sessionReadScope,
  setReadNoticePublisher,
  type ReadNoticePublisher,
} from './read-scopes';

// sessions whose event this node remembers; a forgotten one costs one lookup at its next write
const SESSION_EVENTS = 10_000;

/**
 * Cached reads kept fresh across nodes (decision 0097), on PostgreSQL with DATABASE_LISTEN_URL
 * only (PGlite is one process; nothing changes there): each forget of read-scopes.ts is also
 * sent as a notice after its write committed, and every node's listener forgets the scopes it
 * names. A notice's WAL position tells the read router (db/read-replica.ts) how far the replica
 * must have replayed before cached reads go there again. Not sent or not heard, a notice costs
 * freshness only: every cache still ends at its TTL.
 */
export const cacheNotices = fp(
  async (app) => {
    const { database, config } = app.deps;
    const url = config.DATABASE_LISTEN_URL;
    if (database.kind !== 'postgres' || !url) return;
    const { db, reads } = database;

    // one send in flight per node, what arrives meanwhile in the next (decision 0103); a notice
    // that fails costs freshness only, never the write's answer
    const batcher = createNoticeBatcher(async (scopes) => {
      try {
        return await sendCacheNotice(db, scopes);
      } catch (error) {
        app.log.warn(
          { err: error },
          'cache notice not sent: other nodes keep their copy to its TTL',
        );
        return null;
      }
    });
    // until the notice's WAL position is known, this node's cached reads go to the primary
    const notice = (scopes: string[]) => {
      const done = reads.beginWrite(scopes);
      void batcher.notice(scopes).then(done);
    };
    // a session's event never changes: looked up once per node (cleared with the catalogue), so
    // a hold's writer forgets its event's reads here without a statement of its own
    const eventOf = new LRUCache<string, string>({ max: SESSION_EVENTS });
    clearWithCatalogue(db, eventOf);
    const eventScopes = async (ids: string[]) => {
      const missing = ids.filter((id) => !eventOf.has(id));
      if (missing.length > 0) {
        const found = await eventsOfSessions(db, missing).catch(() => new Map<string, string>());
        for (const [session, event] of found) eventOf.set(session, event);
      }
      const events = ids.map((id) => eventOf.get(id)).filter((e): e is string => !!e);
      return [...new Set(events)].map(eventReadScope);
    };
    const publisher: ReadNoticePublisher = {
      // the writer awaits this node's own forgets only; the notice goes out on its own
      sessions: async (ids) => {
        const sessions = ids.map((id) => id.toLowerCase());
        const events = await eventScopes(sessions);
        notice([...sessions.map(sessionReadScope), ...events]);
        return events;
      },
      seller: (id) => notice([sellerReadScope(id)]),
    };
    setReadNoticePublisher(db, publisher);

    let listener: NoticeListener | null = null;
    app.addHook('onReady', async () => {
      listener = startNoticeListener({
        url,
        onNotice: (notice) => {
          // the position first: a read that misses after the forget must find the replica there
          reads.requireLsn(notice.lsn, notice.scopes);
          applyReadNotice(db, notice.scopes);
        },
        // notices sent while it was not listening are lost: trust nothing kept from before
        onListening: () => forgetAllReads(db),
        onError: (error) =>
          app.log.warn({ err: error }, 'cache notices: listening connection failed, retrying'),
      });
    });
    app.addHook('onClose', async () => {
      setReadNoticePublisher(db, null);
      await batcher.idle();
      await listener?.stop();
    });
  },
  { name: 'cache-notices' },
);
