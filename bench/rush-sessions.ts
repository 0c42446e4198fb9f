import { startCluster } from '../apps/api/src/testing/cluster-process';
import { withClient } from './reserve-rush';

/** The two-node cluster (`npm run cluster`) on the bench's throw-away database. */
export function startRushCluster(admin: string, database: string, env: Record<string, string>) {
  return startCluster({ pgUrl: admin, database, nodes: 2, env, timeoutMs: 300_000 });
}

/** One more session of the rush's event, `capacity` places, far in the future. */
export async function addSession(
  url: string,
  ids: { seller: string; event: string },
  capacity: number,
) {
  return withClient(url, async (c) => {
    const { rows } = await c.query(
      `insert into event_session (seller_id, event_template_id, start_datetime, end_datetime, capacity)
       values ($1, $2, now() + interval '400 days', now() + interval '400 days 1 hour', $3) returning id`,
      [ids.seller, ids.event, capacity],
    );
    return rows[0].id as string;
  });
}
