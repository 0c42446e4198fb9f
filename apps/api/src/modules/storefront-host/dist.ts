import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';

/**
 * The built storefront's index.html on disk. Looked up per request (a stat), so building the
 * storefront while the API runs takes effect without a restart; it is re-read only when it changes.
 */
export class StorefrontDist {
  private index: { mtimeMs: number; html: string } | undefined;

  constructor(readonly dir: string) {}

  /** The index.html template, or undefined when the storefront has not been built. */
  async indexHtml(): Promise<string | undefined> {
    const file = join(this.dir, 'index.html');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (this.index?.mtimeMs !== info.mtimeMs) {
      this.index = { mtimeMs: info.mtimeMs, html: await readFile(file, 'utf8') };
    }
    return this.index.html;
  }
}

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

/** Vite names built chunks `name-[hash].ext`; such files never change and are cached for a year. */
export function isHashedAsset(path: string): boolean {
  return /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i.test(path);
}
