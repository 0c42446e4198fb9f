import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { openDatabase, type Database } from '@/db/connection';
import { tourShopFile } from '@/modules/seller-file/seller-file.test-kit';
import { buildTestApp } from '@/testing/build-test-app';

/**
 * `npm run seller` while the server runs on PGlite (issue #26, decision 0074): the server holds
 * the database folder (a second process may not open it), so each command goes through the
 * server's staff API with the key the server wrote beside the folder. Then the refusals read as
 * sentences, and with the server gone the CLI opens the database itself.
 */

const cliEntry = fileURLToPath(new URL('./seller-cli.ts', import.meta.url));
const apiTsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
// npm runs the script in the workspace's folder; INIT_CWD is where it was typed
const apiFolder = fileURLToPath(new URL('../../', import.meta.url));
const NOW = new Date('2026-03-01T15:00:00Z');

const shop = tourShopFile({ slug: 'live-shop', name: 'Live Shop', amount: '0.00', aheadDays: 3 });

describe('npm run seller against a running server on PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seller-cli-live-'));
  const dataDir = join(dir, 'pglite');
  let database: Database;
  let app: FastifyInstance | undefined;
  let port = 0;

  /** The CLI as a process of its own, as `npm run seller -- …` starts it from `dir`. */
  function seller(args: string[], env: Record<string, string> = {}, input?: string) {
    const { DATABASE_URL: _url, STAFF_KEY: _key, ADMIT_URL: _admit, ...inherited } = process.env;
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', cliEntry, ...args],
        {
          cwd: apiFolder,
          env: {
            ...inherited,
            NODE_ENV: 'test',
            TZ: 'UTC',
            DATA_DIR: dataDir,
            HOST: '127.0.0.1',
            PORT: String(port),
            INIT_CWD: dir,
            TSX_TSCONFIG_PATH: apiTsconfig,
            ...env,
          },
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      // what a person would type at a prompt (staff add's password)
      if (input !== undefined) child.stdin?.end(input);
    });
  }
  /** A failure told as sentences: no stack frame, no Node error dump. */
  const expectSentences = (stderr: string) => {
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toMatch(/node:internal|Error:/);
  };

  beforeAll(async () => {
    database = await openDatabase({ dataDir });
    await database.migrate();
    app = await buildTestApp(database, { now: NOW, env: { DATA_DIR: dataDir } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    writeFileSync(join(dir, 'shop.yaml'), shop);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  it('the server keeps its staff key beside the folder, readable by its user only', () => {
    const key = join(dir, 'staff-key');
    expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(readFileSync(key, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
  });

  it('imports (dry run, then for real), makes and revokes a key, exports orders and the file', async () => {
    const dry = await seller(['import', 'shop.yaml', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/Dry run: nothing was changed \(\d+ changes planned\)/);
    const real = await seller(['import', 'shop.yaml']);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toContain('Imported live-shop');

    // the first office owner (decision 0083), its password read from standard input
    const args = ['staff', 'add', 'live-shop', '--email', 'boss@live.example', '--role', 'owner'];
    const staff = await seller(args, {}, 'Live-owner-1\n');
    expect(staff.code, staff.stderr).toBe(0);
    expect(staff.stdout).toContain('Added owner boss@live.example');
    const office = await app!.inject({
      method: 'POST',
      url: '/api/office/login?_seller=live-shop',
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      payload: { email: 'boss@live.example', password: 'Live-owner-1' },
    });
    expect(office.statusCode, office.body).toBe(200);

    const made = await seller(['api-key', 'create', 'live-shop', '--name', 'North door']);
    expect(made.code, made.stderr).toBe(0);
    const key = made.stdout.trim();
    const door = await app!.inject({
      url: '/admin/api/api_key',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(door.statusCode).toBe(200);
    const id = /id ([0-9a-f-]{36})/.exec(made.stderr)![1]!;
    const listed = await seller(['api-key', 'list', 'live-shop']);
    expect(listed.stdout).toMatch(new RegExp(`^${id} .*North door .*active$`, 'm'));
    const revoked = await seller(['api-key', 'revoke', 'live-shop', id]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('Revoked API key "North door"');

    const orders = await seller(['orders', 'live-shop', '--out', 'orders.csv']);
    expect(orders.code, orders.stderr).toBe(0);
    expect(readFileSync(join(dir, 'orders.csv'), 'utf8')).toMatch(/^order_number,order_id,/);

    const exported = await seller(['export', 'live-shop', '--out', 'out/live-shop.yaml']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(join(dir, 'out/live-shop.yaml'), 'utf8')).toContain('slug: live-shop');
  }, 400_000);

  it('says in sentences what it refuses: a file’s problems at their lines, a wrong key, a held folder', async () => {
    writeFileSync(join(dir, 'bad.yaml'), shop.replace('capacity: 10', 'capacity: lots'));
    const bad = await seller(['import', 'bad.yaml']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/bad\.yaml:\d+ {2}events\[0\]\.session_rules\[0\]\.capacity: /);
    expectSentences(bad.stderr);

    const wrongKey = await seller(['api-key', 'list', 'live-shop'], {
      STAFF_KEY: 'not-the-servers-key-0123456789-0123456789',
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('refused the staff key: The staff key is not valid');
    expectSentences(wrongKey.stderr);

    // no server at the address given, and the running one holds the folder: not opened
    const elsewhere = await seller([
      '--server',
      'http://127.0.0.1:9',
      'api-key',
      'list',
      'live-shop',
    ]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain('No server answers at http://127.0.0.1:9');
    expect(elsewhere.stderr).toContain(`is in use by process ${process.pid}`);
    expectSentences(elsewhere.stderr);
  }, 400_000);

  it('with the server stopped, opens the database itself', async () => {
    await app!.close();
    app = undefined;
    await database.close();
    const listed = await seller(['api-key', 'list', 'live-shop']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/North door .*revoked /);
  }, 400_000);
});
