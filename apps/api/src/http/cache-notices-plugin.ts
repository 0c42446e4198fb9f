import fp from 'fastify-plugin';
import { noticeSeller, noticeSessions } from '@/db/cache-notices';
import { startNoticeListener, type NoticeListener } from '@/db/notice-listener';
import {
  applyReadNotice,
  forgetAllReads,
  setReadNoticePublisher,
  type ReadNoticePublisher,
} from './read-scopes';

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

    // until the notice's WAL position is known, this node's cached reads go to the primary
    // (beginWrite); a notice that fails costs freshness only, never the write's answer
    const send = async <T extends { lsn: bigint | null }>(notice: () => Promise<T>) => {
      const done = reads.beginWrite();
      try {
        const sent = await notice();
        done(sent.lsn);
        return sent;
      } catch (error) {
        done(null);
        app.log.warn(
          { err: error },
          'cache notice not sent: other nodes keep their copy to its TTL',
        );
        return null;
      }
    };
    const publisher: ReadNoticePublisher = {
      // awaited by the writer (one statement): its answer follows this node's own forgets
      sessions: async (ids) => (await send(() => noticeSessions(db, ids)))?.scopes ?? [],
      // an import is rare and slow already: not awaited
      seller: (id) => void send(() => noticeSeller(db, id)),
    };
    setReadNoticePublisher(db, publisher);

    let listener: NoticeListener | null = null;
    app.addHook('onReady', async () => {
      listener = startNoticeListener({
        url,
        onNotice: (notice) => {
          // the position first: a read that misses after the forget must find the replica there
          reads.requireLsn(notice.lsn);
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
      await listener?.stop();
    });
  },
  { name: 'cache-notices' },
);
