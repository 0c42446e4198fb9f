import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';

/**
 * The built storefront's index.html on disk. Looked up per request (a stat), so building the
 * storefront while the API runs takes effect without a restart; it is re-read only when it changes.
 */
export class StorefrontDist {
  private readonly files = new Map<string, { mtimeMs: number; text: string }>();

  constructor(readonly dir: string) {}

  /** The index.html template, or undefined when the storefront has not been built. */
  indexHtml(): Promise<string | undefined> {
    return this.read('index.html');
  }

  /**
   * The chunks and styles each preloaded page needs beyond the entry (`route-preloads.json`,
   * written by the storefront build; decision 0033); empty for a build without it.
   */
  async routePreloads(): Promise<RoutePreloads> {
    const text = await this.read('route-preloads.json');
    if (!text) return {};
    try {
      return JSON.parse(text) as RoutePreloads;
    } catch {
      return {};
    }
  }

  /** A file of the build, re-read only when it changes on disk. */
  private async read(name: string): Promise<string | undefined> {
    const file = join(this.dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const known = this.files.get(name);
    if (known?.mtimeMs === info.mtimeMs) return known.text;
    const text = await readFile(file, 'utf8');
    this.files.set(name, { mtimeMs: info.mtimeMs, text });
    return text;
  }
}

/** Page name → the files (relative to the build folder) it loads beyond the entry. */
export type RoutePreloads = Record<string, { js: string[]; css: string[] } | undefined>;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Vite writes its chunks as `assets/name-[hash].ext`; such files never change and are cached for
 * a year. `path` is relative to dist. Only `assets/` holds hashed output: a file beside it whose
 * name merely looks hashed (`route-preloads.json`) changes with every build (nginx's config in
 * `scripts/cluster-config.mjs` draws the same line).
 */
export function isHashedAsset(path: string): boolean {
  return /^assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i.test(path);
}
