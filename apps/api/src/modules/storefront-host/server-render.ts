import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  SERVER_RENDER_ENTRY,
  type RenderPage,
  type ServerRenderModule,
  type ServerRenderRequest,
  type ServerRenderResult,
} from '@admit/contracts/server-render';

/** Why a page went out unrendered; each is logged once per process. */
type Miss = 'missing' | 'load_failed' | 'render_failed' | 'over_budget';

type Rendered = ServerRenderResult & { ms: number };

/**
 * Rendered pages kept by what they were drawn from (address, layout, config, reads): the same
 * inputs draw the same markup, and on a busy listing or event page the reads, cached for 2 s,
 * repeat for every visitor. A render costs 20–30 ms of the one server thread; a kept one a hash.
 * The lifetime bounds what the render takes from the clock (today's date in a calendar).
 */
const KEPT_MS = 30_000;
const KEPT_MAX = 200;
/** a listing page's markup is 50–150 KB; 16 MB holds the hottest hundred or so (decision 0051) */
const KEPT_BYTES = 16 * 1024 * 1024;

/**
 * The storefront's server-rendering bundle (decision 0044), imported once, lazily, from the
 * built file: the API never imports the storefront's source. `render` answers within the budget
 * or not at all — a missing bundle, a throw or a slow render leave the page as the single-page
 * app's HTML, which works by itself. The bundle is looked for again when its file appears or
 * changes (a build while the API runs), as the host does for index.html.
 */
export class ServerRenderer {
  private loaded: { mtimeMs: number; render: Promise<RenderPage | undefined> } | undefined;
  private readonly logged = new Set<Miss>();

  constructor(
    readonly dir: string,
    private readonly budgetMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  private readonly kept = new LRUCache<string, Rendered>({
    max: KEPT_MAX,
    maxSize: KEPT_BYTES,
    sizeCalculation: (page) => Math.max(1, page.html.length + page.themeCss.length),
    ttl: KEPT_MS,
  });

  /** The page rendered, or undefined: then the host sends it unrendered. */
  async render(request: Omit<ServerRenderRequest, 'signal'>): Promise<Rendered | undefined> {
    if (this.budgetMs === 0) return undefined;
    // a visitor's own page is drawn for them alone: nothing to share, nothing kept
    if (request.visitor) return this.renderNow(request);
    const key = createHash('sha256')
      .update(JSON.stringify([request.url, request.mobile, request.config, request.reads]))
      .digest('base64url');
    const now = performance.now();
    const hit = this.kept.get(key);
    if (hit) return { ...hit, ms: performance.now() - now };
    const page = await this.renderNow(request);
    if (page) this.kept.set(key, page);
    return page;
  }

  private async renderNow(
    request: Omit<ServerRenderRequest, 'signal'>,
  ): Promise<Rendered | undefined> {
    const started = performance.now();
    const render = await this.bundle();
    if (!render) return undefined;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const overBudget = new Promise<'over_budget'>((resolve) => {
      timer = setTimeout(
        () => resolve('over_budget'),
        this.budgetMs - (performance.now() - started),
      );
    });
    try {
      const result = await Promise.race([
        render({ ...request, signal: controller.signal }),
        overBudget,
      ]);
      if (result === 'over_budget') {
        controller.abort();
        this.miss('over_budget', { url: request.url, budgetMs: this.budgetMs });
        return undefined;
      }
      return { ...result, ms: performance.now() - started };
    } catch (error) {
      this.miss('render_failed', { url: request.url, err: error });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Loads the bundle now (at start-up), so the first page does not wait for it. */
  async warm(): Promise<void> {
    await this.bundle();
  }

  private async bundle(): Promise<RenderPage | undefined> {
    const file = join(this.dir, SERVER_RENDER_ENTRY);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) {
      this.miss('missing', { file });
      return undefined;
    }
    if (this.loaded?.mtimeMs !== info.mtimeMs) {
      // a new build: a fresh URL, as Node caches a module by its address
      const url = `${pathToFileURL(file).href}?v=${info.mtimeMs}`;
      this.loaded = {
        mtimeMs: info.mtimeMs,
        render: import(url).then(
          async (module: ServerRenderModule) => {
            await module.warmUp?.();
            return module.renderPage;
          },
          (error: unknown) => {
            this.miss('load_failed', { file, err: error });
            return undefined;
          },
        ),
      };
    }
    return this.loaded.render;
  }

  private miss(reason: Miss, details: Record<string, unknown>): void {
    if (this.logged.has(reason)) return;
    this.logged.add(reason);
    const message = `storefront pages go out unrendered (${reason}); later ones are not logged`;
    if (reason === 'missing') this.log.info(details, message);
    else this.log.warn(details, message);
  }
}
