import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '@/testing/server-process';

/**
 * Issue #26, decisions 0086, 0096 and 0102: what a server does not use stays out of it. jsdom
 * (some 35 MB resident) never loads in the server: the writes that sanitise seller markup do it
 * in a child process that ends once idle. qrcode, yaml, jose and the seller-file import
 * (htmlparser2 among its packages) load on first use, not at start. The compiled server runs as
 * production does, with probes preloaded (NODE_OPTIONS): one writes, as the server exits, the
 * files of the watched packages in the CommonJS module cache (jsdom, qrcode and yaml are
 * CommonJS, so however they are imported their own files are required through it); the other
 * hears every ES module loaded (jose and htmlparser2 are ES modules). The first start seeds the
 * demo, which imports its seller files: the probes must see yaml and htmlparser2 there, so the
 * later start's empty lists are not the probes seeing nothing.
 */

// CommonJS: jsdom (decisions 0086, 0102), qrcode (the first QR code drawn, 0096), yaml (the
// seller-file parser, the first import or export, 0102)
const WATCHED_CJS = {
  jsdom: `${sep}node_modules${sep}jsdom${sep}`,
  qrcode: `${sep}node_modules${sep}qrcode${sep}`,
  yaml: `${sep}node_modules${sep}yaml${sep}`,
};
// ES modules: jose (the first JWT, 0102), htmlparser2 (the seller file's SVG sanitiser, 0102)
const WATCHED_ESM = {
  jose: '/node_modules/jose/',
  htmlparser2: '/node_modules/htmlparser2/',
};
type Loaded = Record<keyof typeof WATCHED_CJS | keyof typeof WATCHED_ESM, string[]>;
// only the server writes: the image encoder and the sanitiser's children inherit NODE_OPTIONS
const PROBE = `const { writeFileSync } = require('node:fs');
const cjs = ${JSON.stringify(WATCHED_CJS)};
const esm = ${JSON.stringify(WATCHED_ESM)};
globalThis.__loadedEsm = [];
process.on('exit', () => {
  if (!process.argv[1]?.endsWith('main.mjs')) return;
  const files = Object.keys(require.cache);
  const pick = (watched, loaded) => Object.entries(watched).map(([name, part]) => [name, loaded.filter((file) => file.includes(part))]);
  const loaded = Object.fromEntries([...pick(cjs, files), ...pick(esm, globalThis.__loadedEsm)]);
  writeFileSync(process.env.JSDOM_PROBE_FILE, JSON.stringify(loaded));
});
`;
// module hooks run on a thread of their own: each loaded URL comes back over a port
const ESM_PROBE = `import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => globalThis.__loadedEsm.push(url));
port1.unref();
register('./probe-hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
`;
const ESM_HOOKS = `let port;
export function initialize(data) {
  port = data.port;
}
export async function load(url, context, next) {
  port.postMessage(url);
  return next(url, context);
}
`;

async function get(base: string, path: string) {
  const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, text: await res.text() };
}

describe('the compiled server holds neither jsdom nor what it loads on first use', () => {
  let dir: string;
  let server: ServerProcess | null = null;
  const start = async (probeFile: string) => {
    server = await startServerProcess(
      {
        DATA_DIR: join(dir, 'pglite'),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // what is checked is jsdom, not speed: a loaded machine's slow first render must not
        // send the page undrawn (the 250 ms default budget)
        STOREFRONT_SSR_BUDGET_MS: '10000',
        NODE_OPTIONS: `--require ${join(dir, 'probe.cjs')} --import ${pathToFileURL(join(dir, 'probe-esm.mjs')).href}`,
        JSDOM_PROBE_FILE: join(dir, probeFile),
      },
      180_000,
      { compiled: true },
    );
    return server;
  };
  /** Stops the server (its exit writes the probe's lists) and reads the watched files it loaded. */
  const stopAndRead = async (probeFile: string): Promise<Loaded> => {
    const running = server!;
    server = null;
    expect(await running.stop(), running.output()).toBe(0);
    return JSON.parse(await readFile(join(dir, probeFile), 'utf8')) as Loaded;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'admit-no-jsdom-'));
    await writeFile(join(dir, 'probe.cjs'), PROBE);
    await writeFile(join(dir, 'probe-esm.mjs'), ESM_PROBE);
    await writeFile(join(dir, 'probe-hooks.mjs'), ESM_HOOKS);
  });
  afterAll(async () => {
    await server?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it('the first start seeds the demo: it imports seller files, with their descriptions sanitised in a child', async () => {
    await start('seeding.json');
    const seeding = await stopAndRead('seeding.json');
    // the probes see what the import loads
    expect(seeding.yaml).not.toEqual([]);
    expect(seeding.htmlparser2).not.toEqual([]);
    // the descriptions were sanitised (demo-descriptions.test.ts), not by jsdom in the server
    expect(seeding.jsdom).toEqual([]);
  }, 240_000);

  it('a later start serves the listing and an event page drawn on the server without jsdom', async () => {
    const base = (await start('later.json')).baseUrl;
    const events = await get(base, '/api/event_template?_seller=demo-museum');
    expect(events.status, events.text).toBe(200);
    const drawn = (
      JSON.parse(events.text) as {
        event_template: { _data: { id: string; description: string | null }[] };
      }
    ).event_template._data.find((event) => event.description);
    expect(drawn).toBeDefined();

    const listing = await get(base, '/demo-museum/events');
    expect(listing.status).toBe(200);
    expect(listing.text).toContain('<div id="root" data-server-render=');
    const page = await get(base, `/demo-museum/events/${drawn!.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root" data-server-render=');
    // the stored (sanitised) markup, drawn as it is
    expect(page.text).toContain(drawn!.description);

    // neither at start nor for these pages: no QR code drawn, no seller file, no JWT
    expect(await stopAndRead('later.json')).toEqual({
      jsdom: [],
      qrcode: [],
      yaml: [],
      jose: [],
      htmlparser2: [],
    });
  }, 240_000);
});
