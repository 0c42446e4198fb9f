import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { OFFICE_SESSION_COOKIE } from '@admit/contracts/office';
import { DEMO_PASSWORD } from '@/demo/demo-accounts';
import { DEMO_STAFF } from '@/demo/demo-staff';
import { testDatabaseKinds } from '@/testing/describe-each-database';
import { startServerProcess, type ServerProcess } from '@/testing/server-process';
import { withAdmin } from '@/testing/test-database';

/**
 * The office from a started server (issue #27 "Done when: everything works from `npm start` on
 * the embedded database and on PostgreSQL"): the server process on an empty database migrates
 * and seeds the demo, then the README's staff sign in over HTTP and each role reaches its own
 * part of the office and no other. The route tests make the office's calls in-process; this one
 * is the started server on each database.
 */

const SELLER = 'demo-museum';
/** an office answer: its collections by name (or the error envelope's `_data`) */
type Answer = Record<string, { _total: number; _data: unknown[] }>;

for (const kind of testDatabaseKinds()) {
  describe(`the office on a started server [${kind}]`, () => {
    let dir: string;
    let server: ServerProcess;
    let dropDatabase = async () => {};

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'admit-office-started-'));
      let env: Record<string, string> = { DATA_DIR: join(dir, 'pglite') };
      if (kind === 'postgres') {
        const url = process.env.TEST_DATABASE_URL!;
        const name = `admit_office_${randomBytes(5).toString('hex')}`;
        await withAdmin(url, (admin) => admin.query(`create database ${name}`));
        const target = new URL(url);
        target.pathname = `/${name}`;
        env = { DATABASE_URL: target.toString(), STAFF_KEY_FILE: join(dir, 'staff-key') };
        dropDatabase = () =>
          withAdmin(url, (admin) =>
            admin.query(`drop database if exists ${name} with (force)`),
          ).then(() => {});
      }
      server = await startServerProcess({ ...env, LOG_LEVEL: 'warn', MAIL_POLL_MS: '0' }, 180_000);
    }, 200_000);
    afterAll(async () => {
      await server?.stop();
      await dropDatabase();
      await rm(dir, { recursive: true, force: true });
    });

    const office = async (path: string, cookie?: string, body?: object) => {
      const res = await fetch(
        `${server.baseUrl}/api/office/${path}${path.includes('?') ? '&' : '?'}_seller=${SELLER}`,
        {
          method: body ? 'POST' : 'GET',
          headers: {
            [APP_HEADER]: APP_HEADER_VALUE,
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(cookie ? { cookie: `${OFFICE_SESSION_COOKIE}=${cookie}` } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(20_000),
        },
      );
      return { status: res.status, headers: res.headers, json: (await res.json()) as Answer };
    };
    const signIn = async (email: string) => {
      const res = await office('login', undefined, { email, password: DEMO_PASSWORD });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const set = res.headers.getSetCookie().find((c) => c.startsWith(`${OFFICE_SESSION_COOKIE}=`));
      return set!.split(';')[0]!.slice(OFFICE_SESSION_COOKIE.length + 1);
    };

    it('serves the office page, and each demo role its own calls and no other', async () => {
      const page = await fetch(`${server.baseUrl}/${SELLER}/office`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);

      const cookies = Object.fromEntries(
        await Promise.all(
          DEMO_STAFF[SELLER]!.map(async (s) => [s.role, await signIn(s.email)] as const),
        ),
      );
      const today = await office('today', cookies.door);
      expect(today.status, JSON.stringify(today.json)).toBe(200);
      expect(today.json.event_session!._data.length).toBeGreaterThan(0);
      expect((await office('ticket_order', cookies.door)).status).toBe(403);

      const orders = await office('ticket_order', cookies.box_office);
      expect(orders.status, JSON.stringify(orders.json)).toBe(200);
      expect(orders.json.ticket_order!._total).toBeGreaterThan(0);
      expect((await office('sales', cookies.box_office)).status).toBe(200);
      expect((await office('staff_user', cookies.box_office)).status).toBe(403);

      const staff = await office('staff_user', cookies.owner);
      expect(staff.status).toBe(200);
      expect(staff.json.staff_user!._total).toBe(3);
      const log = await office('audit?action=staff.login', cookies.owner);
      expect(log.status, JSON.stringify(log.json)).toBe(200);
      expect(log.json.audit_log!._total).toBe(3);
    }, 120_000);
  });
}
