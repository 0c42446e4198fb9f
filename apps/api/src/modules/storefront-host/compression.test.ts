import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';

// Bytes as the server sends them (issue "compressed assets"): the built assets' .br/.gz twins
// are chosen by Accept-Encoding, and dynamic JSON and HTML over 1 KB are compressed on the way.

const NOW = '2026-03-01T15:00:00Z';
const ENTRY = 'assets/index-AbC123xy.js';
// large and repetitive enough that a compressed twin is much smaller than the original
const SOURCE = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const INDEX_HTML = `<!doctype html><html><head><title>Admit</title><!--admit:head-->
<script type="module" crossorigin src="/assets-app/${ENTRY}"></script></head>
<body><div id="root"></div><!--admit:config--></body></html>`;

describeEachDatabase('compression as served', (ctx) => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'admit-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX_HTML);
    // what vite-plugin-compression2 writes beside each asset at build time
    await writeFile(join(dist, ENTRY), SOURCE);
    await writeFile(join(dist, `${ENTRY}.br`), brotliCompressSync(SOURCE));
    await writeFile(join(dist, `${ENTRY}.gz`), gzipSync(SOURCE));
    await writeFile(join(dist, 'assets', 'plain-Zz99Yy88.css'), 'body{margin:0}');
    await makeSeller(ctx.db, { slug: 'star-hall', name: 'Star Hall' });
    app = await buildTestApp(ctx.database, { now: NOW, env: { STOREFRONT_DIST: dist } });
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({
      method,
      url,
      headers: {
        'tix-app': 'ecomm',
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });

  it('sends the brotli twin of an asset to a client that accepts br', async () => {
    const res = await get(`/assets-app/${ENTRY}`, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SOURCE.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SOURCE);
  });

  it('sends the gzip twin to a gzip-only client and the original to one that accepts neither', async () => {
    const gz = await get(`/assets-app/${ENTRY}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SOURCE);
    const plain = await get(`/assets-app/${ENTRY}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SOURCE);
  });

  it('compresses an asset without a twin on the way, and revalidates it by ETag', async () => {
    const css = await get('/assets-app/assets/plain-Zz99Yy88.css', 'br');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(css.rawPayload).toString()).toBe('body{margin:0}');
    const plain = await get('/assets-app/assets/plain-Zz99Yy88.css');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('body{margin:0}');
    const again = await app.inject({
      method: 'GET',
      url: '/assets-app/assets/plain-Zz99Yy88.css',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers HEAD without a body', async () => {
    const res = await get(`/assets-app/${ENTRY}`, 'br', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
  });

  it('compresses the seller page and JSON over 1 KB, and leaves small answers alone', async () => {
    const page = await get('/star-hall/events', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('"slug":"star-hall"');

    const config = await get('/api/seller_config?_seller=star-hall', 'gzip');
    expect(config.statusCode).toBe(200);
    expect(config.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(config.rawPayload).toString());
    expect(JSON.stringify(body).length).toBeGreaterThan(1024);

    const health = await get('/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
