import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '@/testing/server-process';

/**
 * Issue #26, decision 0086: a server whose seller markup is stored sanitised never loads jsdom
 * (some 60 MB resident), neither at start nor when it draws pages. The compiled server runs as
 * production does, with a probe preloaded (NODE_OPTIONS=--require) that writes, as the process
 * exits, the files of node_modules/jsdom in the CommonJS module cache: jsdom is CommonJS, so
 * however it is imported, its own files are required through that cache. The first start seeds
 * the demo, whose descriptions are sanitised as they are stored: the probe must see jsdom there,
 * so the later start's empty list is not the probe seeing nothing.
 */

// the CommonJS packages a later start must not load: jsdom (decision 0086) and qrcode, loaded on
// the first QR code drawn (decision 0096)
const WATCHED = {
  jsdom: `${sep}node_modules${sep}jsdom${sep}`,
  qrcode: `${sep}node_modules${sep}qrcode${sep}`,
};
type Loaded = Record<keyof typeof WATCHED, string[]>;
const PROBE = `const { writeFileSync } = require('node:fs');
const watched = ${JSON.stringify(WATCHED)};
process.on('exit', () => {
  const files = Object.keys(require.cache);
  const loaded = Object.fromEntries(
    Object.entries(watched).map(([name, part]) => [name, files.filter((file) => file.includes(part))]),
  );
  writeFileSync(process.env.JSDOM_PROBE_FILE, JSON.stringify(loaded));
});
`;

async function get(base: string, path: string) {
  const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, text: await res.text() };
}

describe('the compiled server loads jsdom only for a write that sanitises', () => {
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
        NODE_OPTIONS: `--require ${join(dir, 'probe.cjs')}`,
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
  });
  afterAll(async () => {
    await server?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it('the first start seeds the demo: its descriptions are sanitised, so jsdom loads', async () => {
    await start('seeding.json');
    expect((await stopAndRead('seeding.json')).jsdom).not.toEqual([]);
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

    // neither at start nor for these pages: no QR code was drawn
    expect(await stopAndRead('later.json')).toEqual({ jsdom: [], qrcode: [] });
  }, 240_000);
});
