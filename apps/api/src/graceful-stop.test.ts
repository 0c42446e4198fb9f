import http from 'node:http';
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '@/db/connection';
import { seedDemo } from '@/demo/seed-demo';
import { enqueueMail } from '@/modules/mail/outbox';
import { testDatabaseKinds } from '@/testing/describe-each-database';
import { startFakeSmtp, type FakeSmtp } from '@/testing/fake-smtp';
import { startServerProcess, type ServerProcess } from '@/testing/server-process';
import { withAdmin } from '@/testing/test-database';

/**
 * The supervisor's stop (issue #26, decision 0073): the real server in production (NODE_ENV,
 * a public origin, no demo seeding at start) on the demo's database, a ticket bought on the
 * museum's own domain by Host header, and SIGTERM while the checkout is in flight. The request is
 * made in flight for certain, not by timing: it is sent with `Expect: 100-continue`, the server's
 * "100 Continue" proves it holds the request, the signal goes out, the body follows only once the
 * port refuses new connections. The checkout still answers its order, the process exits 0, and
 * the order, its payment, its key and its mail are all in the database afterwards.
 * The mail sender is caught mid-batch the same way: three mails wait in the outbox, the SMTP
 * server (testing/fake-smtp.ts) holds its answer to the first until the server logs that its
 * jobs are stopping; that one is sent, the rest of the batch is handed back (attempt uncounted,
 * due at once), nothing stays claimed. On PGlite, the default database, and on PostgreSQL when
 * TEST_DATABASE_URL is set (decision 0082).
 */

const url = process.env.TEST_DATABASE_URL;
const HOST = 'demo-museum.localhost';
const PUBLIC_URL = 'https://tickets.example.org';

interface Answer {
  status: number;
  body: Record<string, { _data: Record<string, unknown>[] }>;
}

/** One JSON call to the server by its address, for the museum's domain (the Host header). */
function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  beforeBody?: () => Promise<void>,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}${path}`, {
      method,
      headers: {
        host: HOST,
        'tix-app': 'ecomm',
        ...(payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {}),
        ...headers,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
      });
    });
    req.on('error', reject);
    if (beforeBody) {
      req.on('continue', () => void beforeBody().then(() => req.end(payload), reject));
      req.flushHeaders();
    } else req.end(payload);
  });
}

/** True once nothing accepts connections on the server's port any more. */
async function refusesConnections(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** The demo seeded into a fresh database, its sellers in announced test mode (production). */
async function prepareDatabase(options: DatabaseOptions) {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedDemo(database.db, { now: new Date() });
    await database.db.execute(
      sql`update seller set config = jsonb_set(config, '{test_mode}', 'true'::jsonb)`,
    );
    const [{ id: sellerId }] = (
      await database.db.execute<{ id: string }>(
        sql`select id from seller where slug = 'demo-museum'`,
      )
    ).rows as [{ id: string }];
    // the batch the mail sender claims when it starts, before the checkout adds its own
    for (const n of [1, 2, 3]) {
      await enqueueMail(database.db, {
        sellerId,
        kind: 'otp',
        to: `waiting-${n}@example.org`,
        subject: `Waiting ${n}`,
        text: `Mail ${n}`,
      });
    }
    const { rows } = await database.db.execute<{ session_id: string; type_id: string }>(
      sql`select s.id as session_id, tt.id as type_id
            from event_session s
            join event_template e on e.id = s.event_template_id
            join seller sl on sl.id = e.seller_id
            join ticket_group g on g.event_template_id = e.id
            join ticket_type tt on tt.ticket_group_id = g.id
           where sl.slug = 'demo-museum' and e.name = 'General Admission'
             and g.name = 'Timed Admission' and tt.name = 'Adult'
             and s.start_datetime > now() + interval '2 days' and s.used_capacity = 0
           order by s.start_datetime limit 1`,
    );
    return { sessionId: rows[0]!.session_id, typeId: rows[0]!.type_id };
  } finally {
    await database.close();
  }
}

for (const kind of testDatabaseKinds()) {
  describe(`SIGTERM with a checkout in flight (the real server, production) [${kind}]`, () => {
    let options: DatabaseOptions;
    let env: Record<string, string>;
    let cleanup: () => Promise<void>;
    let server: ServerProcess | null = null;
    let smtp: FakeSmtp | null = null;

    beforeAll(async () => {
      if (kind === 'pglite') {
        const dir = await mkdtemp(join(tmpdir(), 'admit-stop-'));
        options = { dataDir: join(dir, 'pglite') };
        env = { DATA_DIR: join(dir, 'pglite') };
        cleanup = () => rm(dir, { recursive: true, force: true });
        return;
      }
      const name = `admit_stop_${randomBytes(5).toString('hex')}`;
      await withAdmin(url!, (admin) => admin.query(`create database ${name}`));
      const target = new URL(url!);
      target.pathname = `/${name}`;
      options = { url: target.toString(), poolSize: 2 };
      env = { DATABASE_URL: target.toString() };
      cleanup = async () => {
        await withAdmin(url!, (admin) =>
          admin.query(`drop database if exists ${name} with (force)`),
        );
      };
    }, 60_000);
    afterAll(async () => {
      await server?.kill();
      await smtp?.close();
      await cleanup();
    });

    it('answers the request in flight, exits 0, and the order is all there', async () => {
      const target = await prepareDatabase(options);
      smtp = await startFakeSmtp();
      const mailer = smtp;
      // the compiled build, started as production starts it (issue #26's CI test)
      server = await startServerProcess(
        {
          ...env,
          NODE_ENV: 'production',
          PUBLIC_URL,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'info',
          SMTP_URL: smtp.url,
          MAIL_POLL_MS: '50',
        },
        60_000,
        { compiled: true },
      );
      const base = server.baseUrl;
      // the sender has claimed the waiting mails and holds the first in hand
      await mailer.firstHeld;

      // reserve on the museum's domain: no _seller, the Host names the seller
      const reserved = await call(base, 'POST', '/api/my/cart/modify', {
        add: [
          {
            event_session_id: target.sessionId,
            ticket_types_required: [{ ticket_type_id: target.typeId, quantity: 1 }],
          },
        ],
      });
      expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
      const cartId = reserved.body.cart!._data[0]!.id as string;
      const amount = reserved.body.cart_fees!._data[0]!.total_outstanding as string;
      const card = await call(base, 'POST', '/api/sandbox/payment_methods?_seller=demo-museum', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2034,
        cvc: '123',
        zip: '10001',
      });
      expect(card.status, JSON.stringify(card.body)).toBe(201);

      const running = server;
      const stopping: { exit?: Promise<number | null>; ended?: boolean } = {};
      const checkout = await call(
        base,
        'POST',
        `/api/cart/${cartId}/guest_checkout`,
        {
          amount,
          gateway_id: 'stripe',
          gateway_data: { source: card.body.payment_method!._data[0]!.id, source_type: 'card' },
          purchaser: {
            first_name: 'Ada',
            last_name: 'Stop',
            email: 'ada.stop@example.org',
            email_confirm: 'ada.stop@example.org',
            zip_code: '10001',
          },
        },
        { expect: '100-continue', 'idempotency-key': `stop-${cartId}` },
        // the server holds the request: stop it, and send the body once it accepts no more
        async () => {
          stopping.exit = running.stop().finally(() => (stopping.ended = true));
          while (!(await refusesConnections(base))) await new Promise((r) => setTimeout(r, 20));
        },
      );
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
      const orderId = checkout.body.ticket_order!._data[0]!.id as string;
      // the mail in hand is answered only once the sender was told to stop
      while (!running.output().includes('stopping the background jobs')) {
        if (stopping.ended) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      mailer.release();
      expect(await stopping.exit, running.output()).toBe(0);
      server = null;

      // nothing lost: the order with its ticket, the payment taken, the key final, the mail queued
      const database: Database = await openDatabase(options);
      try {
        const { rows } = await database.db.execute<Record<string, unknown>>(
          sql`select
              (select count(*)::int from ticket where ticket_order_id = ${orderId}
                 and state = 'booked') as tickets,
              (select state from payment where cart_id = ${cartId}) as payment,
              (select state from idempotency_key where key = ${`stop-${cartId}`}) as key,
              (select count(*)::int from outbox where to_address = 'ada.stop@example.org') as mails`,
        );
        expect(rows[0]).toEqual({ tickets: 1, payment: 'succeeded', key: 'completed', mails: 1 });
        // the mail in hand went out; the rest of its batch was handed back, nothing stays claimed
        expect(mailer.delivered()).toBe(1);
        const { rows: outboxRows } = await database.db.execute<Record<string, unknown>>(
          sql`select status, attempts, next_attempt_at <= now() as due, count(*)::int as n
              from outbox group by 1, 2, 3 order by 1`,
        );
        expect(outboxRows).toEqual([
          { status: 'pending', attempts: 0, due: true, n: 3 },
          { status: 'sent', attempts: 1, due: false, n: 1 },
        ]);
      } finally {
        await database.close();
      }
    }, 120_000);
  });
}
