// Throwaway trial server (issue #23, decision 0053), not product code: draws /{seller}/events
// with the trial's SSR bundle, serves the trial's client build, and passes every other request
// to the real API (started beside it with its own page host off: STOREFRONT_SSR_BUDGET_MS=0).
// Run: API_ORIGIN=http://127.0.0.1:3000 PORT=3100 npx tsx bench/ssr-trial/server.ts
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { PAINT_THEN_RUN_SCRIPT } from '../../apps/api/src/http/content-security-policy';

const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';
const port = Number(process.env.PORT ?? 3100);
const dist = fileURLToPath(new URL('./dist', import.meta.url));
const { render } = (await import(join(dist, 'server/entry-server.js'))) as {
  render: (
    url: string,
    config: unknown,
    mobile: boolean,
  ) => Promise<{
    html: string;
    state: unknown;
    themeCss: string;
  }>;
};
type Chunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(
  readFileSync(join(dist, 'client/.vite/manifest.json'), 'utf8'),
) as Record<string, Chunk>;

// the storefront's fetcher asks relative addresses ('/cached_api/…'): on the server they go to
// the API, as a framework's server fetch needs an absolute origin
const browserFetch = globalThis.fetch;
globalThis.fetch = (input, init) =>
  browserFetch(typeof input === 'string' && input.startsWith('/') ? api + input : input, init);

/** The entry's files and the listing route's (a framework does this from its route table). */
function pageAssets(): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(walk);
  };
  walk('../../bench/ssr-trial/entry-client.tsx');
  walk('src/app/routes/listing-route.tsx');
  return { js: [...js], css: [...css] };
}
const assets = pageAssets();
const entry = manifest['../../bench/ssr-trial/entry-client.tsx']!.file;
// TRIAL_AFTER_PAINT=1: the variant that borrows the host's hand-made "code after the first
// frame" (decision 0045): no modulepreload in the head, the entry started by the host's script
const afterPaint = process.env.TRIAL_AFTER_PAINT === '1';
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

async function sellerConfig(slug: string): Promise<{ seller: { slug: string } } | null> {
  const res = await browserFetch(`${api}/api/seller_config?_seller=${encodeURIComponent(slug)}`, {
    headers: { 'tix-app': 'ecomm' },
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { seller_config: { _data: [{ seller: { slug: string } }] } };
  return body.seller_config._data[0];
}

function scripts(b: string): string {
  if (!afterPaint) return `<script type="module" crossorigin src="${b}${entry}"></script>`;
  const preload = assets.js.map((f) => b + f).join(' ');
  return (
    `<meta name="admit-entry" content="${b}${entry}" data-preload="${preload}">` +
    `<script type="module">${PAINT_THEN_RUN_SCRIPT}</script>`
  );
}

async function page(url: string, userAgent: string, accept: string, res: ServerResponse) {
  const slug = decodeURIComponent(url.split('/')[1] ?? '');
  const config = await sellerConfig(slug);
  if (!config) return proxy(url, res);
  const mobile = /Mobile|Android/.test(userAgent);
  const { html, state, themeCss } = await render(url, config, mobile);
  const b = '/trial-assets/';
  const doc = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" /><title>Admit</title>
<style>${themeCss}</style>
${assets.css.map((f) => `<link rel="stylesheet" crossorigin href="${b}${f}">`).join('')}
${afterPaint ? '' : assets.js.map((f) => `<link rel="modulepreload" crossorigin href="${b}${f}">`).join('')}
</head><body><div id="root" data-server-render="${mobile ? 'mobile' : 'desktop'}">${html}</div>
<script id="admit-seller-config" type="application/json">${json(config)}</script>
<script id="trial-state" type="application/json">${json(state)}</script>
${scripts(b)}</body></html>`;
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
  };
  let body = Buffer.from(doc);
  if (accept.includes('br')) {
    body = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    headers['content-encoding'] = 'br';
  }
  res.writeHead(200, headers).end(body);
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

function asset(path: string, accept: string, res: ServerResponse) {
  const file = normalize(join(dist, 'client', path.slice('/trial-assets/'.length)));
  if (!file.startsWith(join(dist, 'client')) || !existsSync(file) || !statSync(file).isFile())
    return res.writeHead(404).end();
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'accept-encoding',
  };
  const br = accept.includes('br') && existsSync(`${file}.br`);
  if (br) headers['content-encoding'] = 'br';
  res.writeHead(200, headers);
  createReadStream(br ? `${file}.br` : file).pipe(res);
}

function proxy(url: string, res: ServerResponse, req?: import('node:http').IncomingMessage) {
  const target = new URL(url, api);
  const out = httpRequest(
    target,
    { method: req?.method ?? 'GET', headers: { ...req?.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => res.writeHead(502).end());
  if (req) req.pipe(out);
  else out.end();
}

createServer((req, res) => {
  const url = req.url ?? '/';
  const path = url.split('?')[0]!;
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (req.method === 'GET' && path.startsWith('/trial-assets/')) return asset(path, accept, res);
  if (req.method === 'GET' && /^\/[^/]+\/events\/?$/.test(path))
    return void page(url, String(req.headers['user-agent'] ?? ''), accept, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500).end('render failed');
    });
  proxy(url, res, req);
}).listen(port, '127.0.0.1', () => console.log(`trial on http://127.0.0.1:${port}`));
