import { sql } from 'drizzle-orm';
import type { Database } from '@/db/connection';
import { seedDemo } from '@/demo/seed-demo';

/** The session the cluster test's rush is for holds this many places. */
export const CLUSTER_CAPACITY = 100;
/** The session the rolling-restart buyers buy from never sells out (its capacity). */
export const STREAM_CAPACITY = 10_000;

export interface ClusterScene {
  sellerId: string;
  rushSessionId: string;
  sessionId: string;
  /** the rolling restart's buyers' session */
  streamSessionId: string;
  typeId: string;
  /** the event of the sessions (their availability reads are keyed by it) */
  eventId: string;
}

/** The demo on a fresh database, in announced test mode, one session opened for the rush. */
export async function prepareClusterScene(database: Database): Promise<ClusterScene> {
  await database.migrate();
  await seedDemo(database.db, { now: new Date() });
  await database.db.execute(
    sql`update seller set config = jsonb_set(config, '{test_mode}', 'true'::jsonb)`,
  );
  const { rows } = await database.db.execute<{
    seller_id: string;
    session_id: string;
    type_id: string;
    event_id: string;
  }>(
    sql`select sl.id as seller_id, s.id as session_id, tt.id as type_id, e.id as event_id
          from event_session s
          join event_template e on e.id = s.event_template_id
          join seller sl on sl.id = e.seller_id
          join ticket_group g on g.event_template_id = e.id
          join ticket_type tt on tt.ticket_group_id = g.id
         where sl.slug = 'demo-museum' and e.name = 'General Admission'
           and g.name = 'Timed Admission' and tt.name = 'Adult'
           and s.start_datetime > now() + interval '2 days' and s.used_capacity = 0
         order by s.start_datetime limit 3`,
  );
  const [rush, other, stream] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  await database.db.execute(
    sql`update event_session set capacity = ${CLUSTER_CAPACITY}, oversell_capacity = 0
         where id = ${rush.session_id}`,
  );
  await database.db.execute(
    sql`update event_session set capacity = ${STREAM_CAPACITY}, oversell_capacity = 0
         where id = ${stream.session_id}`,
  );
  return {
    sellerId: rush.seller_id,
    rushSessionId: rush.session_id,
    sessionId: other.session_id,
    streamSessionId: stream.session_id,
    typeId: rush.type_id,
    eventId: rush.event_id,
  };
}

/** A reserve body: one place of the type in the session. */
export const addOne = (sessionId: string, typeId: string) => ({
  add: [
    {
      event_session_id: sessionId,
      ticket_types_required: [{ ticket_type_id: typeId, quantity: 1 }],
    },
  ],
});
