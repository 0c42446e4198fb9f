import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';

const NOW = '2026-03-01T15:00:00Z';
const INDEX_HTML = `<!doctype html>
<html lang="en"><head><title>Admit</title><!--admit:head--></head>
<body><div id="root"></div><!--admit:config--></body></html>`;

// the pages a seller's configuration switches off (identity §2 route table, §3 Configuration)
const SWITCHABLE = [
  'my/profile',
  'my/upcoming',
  'my/upcoming/session/abc',
  'my/orders',
  'my/orders/abc',
  'manage/abc/reschedule/def',
  'manage/abc/confirm',
];

// issue #25: a page the seller's configuration switches off answers 404, as the storefront's
// router shows its 404 page for it (one rule: contracts' storefront-pages.ts `isPageOn`)
describeEachDatabase('pages the configuration switches off', (ctx) => {
  let dist: string;
  let app: FastifyInstance;
  let production: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'admit-switched-'));
    await writeFile(join(dist, 'index.html'), INDEX_HTML);
    await makeSeller(ctx.db, {
      slug: 'all-on',
      config: {
        my_account_pages: { my_profile: true, upcoming_events: true, recent_orders: true },
        self_edit_rules: { enabled: true, anon_editing: true },
      },
    });
    await makeSeller(ctx.db, {
      slug: 'all-off',
      config: {
        my_account_pages: { my_profile: false, upcoming_events: false, recent_orders: false },
        // self-editing on, but not for the secret link's holder: no reschedule page
        self_edit_rules: { enabled: true, anon_editing: false },
      },
    });
    await makeSeller(ctx.db, {
      slug: 'orders-only',
      config: {
        my_account_pages: { my_profile: false, upcoming_events: false, recent_orders: true },
      },
    });
    const env = { STOREFRONT_DIST: dist, STOREFRONT_SSR_BUDGET_MS: '0' };
    app = await buildTestApp(ctx.database, { now: NOW, env });
    production = await buildTestApp(ctx.database, {
      now: NOW,
      env: { ...env, NODE_ENV: 'production', PUBLIC_URL: 'https://tickets.example.org' },
    });
  });
  afterAll(async () => {
    await app.close();
    await production.close();
    await rm(dist, { recursive: true, force: true });
  });

  const status = async (server: FastifyInstance, url: string) =>
    (await server.inject({ method: 'GET', url })).statusCode;

  it('answers them 200 when the configuration has them on', async () => {
    for (const path of [...SWITCHABLE, 'my', 'my/membership', 'manage/abc'])
      expect(await status(app, `/all-on/${path}`), path).toBe(200);
  });

  it('answers them 404 when the configuration switches them off', async () => {
    for (const path of SWITCHABLE) expect(await status(app, `/all-off/${path}`), path).toBe(404);
    // the pages that are always there stay
    for (const path of ['my', 'my/membership', 'manage/abc', 'manage/abc/cancel-auto-renew'])
      expect(await status(app, `/all-off/${path}`), path).toBe(200);
  });

  it('follows each my_account_pages flag on its own', async () => {
    expect(await status(app, '/orders-only/my/orders/abc')).toBe(200);
    expect(await status(app, '/orders-only/my/profile')).toBe(404);
    expect(await status(app, '/orders-only/my/upcoming')).toBe(404);
  });

  // spec: identity §2 — "/_stories | Developer viewer, exists only outside production"
  it('answers the developer viewer outside production only', async () => {
    expect(await status(app, '/all-on/_stories')).toBe(200);
    expect(await status(production, '/all-on/_stories')).toBe(404);
    expect(await status(production, '/all-on/events')).toBe(200);
  });
});
