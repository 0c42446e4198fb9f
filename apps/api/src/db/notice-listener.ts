import type { Client } from 'pg';
import { CACHE_NOTICE_CHANNEL, parseCacheNotice, type CacheNotice } from './cache-notices';

/**
 * The one LISTEN of the app (decision 0097): a direct connection (DATABASE_LISTEN_URL, never
 * pgbouncer) that hears the cache notices. When it drops it reconnects with backoff; each
 * (re)connection calls `onListening`, because notices sent while it was down are lost and the
 * caches must not trust what they kept meanwhile. Freshness only: while it is down every cache
 * still ends at its TTL.
 */
export interface NoticeListener {
  stop(): Promise<void>;
}

export interface NoticeListenerOptions {
  url: string;
  onNotice: (notice: CacheNotice) => void;
  /** listening (again): every notice from now on arrives */
  onListening: () => void;
  onError: (error: unknown) => void;
  /** first and longest wait between attempts to reconnect */
  backoffMs?: { first: number; max: number };
  /** tests: the client to use (pg's by default) */
  connect?: (url: string) => Promise<Client>;
}

async function connectPg(url: string): Promise<Client> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Starts listening at once; `stop` ends the connection and any reconnecting. */
export function startNoticeListener(options: NoticeListenerOptions): NoticeListener {
  const { first, max } = options.backoffMs ?? { first: 250, max: 10_000 };
  const connect = options.connect ?? connectPg;
  let stopped = false;
  let client: Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let wait = first;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void attempt();
    }, wait);
    wait = Math.min(max, wait * 2);
  };

  async function attempt() {
    let next: Client | null = null;
    try {
      next = await connect(options.url);
      if (stopped) return void (await next.end().catch(() => {}));
      client = next;
      const mine = next;
      mine.on('notification', (message) => {
        if (message.channel !== CACHE_NOTICE_CHANNEL || !message.payload) return;
        const notice = parseCacheNotice(message.payload);
        if (notice) options.onNotice(notice);
      });
      mine.on('error', (error) => {
        options.onError(error);
        void mine.end().catch(() => {});
      });
      mine.on('end', () => {
        if (client === mine) client = null;
        retry();
      });
      await mine.query(`LISTEN ${CACHE_NOTICE_CHANNEL}`);
      wait = first;
      options.onListening();
    } catch (error) {
      options.onError(error);
      if (next) await next.end().catch(() => {});
      retry();
    }
  }

  void attempt();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
