import { defineConfig, type Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
// a relative path: the config is bundled on its own, before workspace packages resolve
import { PRELOADED_PAGES } from '../../packages/contracts/src/storefront-pages';
import react from '@vitejs/plugin-react';
import { NOT_IN_VISITOR_PAGES, firstLoadIntruder } from './first-load-check';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BASE = '/assets-app/';
const PROXIED = ['/api', '/cached_api', '/_dev', '/health'];

/**
 * Dev only: the production server answers `/{seller}/…` deep links with index.html; the Vite
 * dev server only knows its base, so page requests outside it are rewritten to the base. The
 * app then finds no injected config and fetches it for the slug in the address (decision 0003).
 */
function sellerDeepLinks(): Plugin {
  return {
    name: 'admit-seller-deep-links',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '/';
        const isPage = (req.headers.accept ?? '').includes('text/html');
        const passThrough = url.startsWith(BASE) || PROXIED.some((p) => url.startsWith(p));
        if (isPage && !passThrough && url !== '/') req.url = BASE;
        next();
      });
    },
  };
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Build only: for each page the host preloads (contracts/storefront-pages.ts), the chunks its
 * module and read prefetch need beyond what the entry loads, and their CSS, written to
 * `dist/route-preloads.json`. The page host names them in a deep link's HTML, so they download
 * beside the entry script instead of after it has run (decision 0033).
 */
function routePreloads(): Plugin {
  return {
    name: 'admit-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
        return into;
      };
      const chunkOf = (module: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
        if (!chunk) this.error(`route-preloads: no chunk is built from ${module}`);
        return chunk.fileName;
      };
      const entry = chunks.find((c) => c.isEntry);
      const loaded = entry ? closure(entry.fileName) : new Set<string>();
      const pages: Record<string, { js: string[]; css: string[] }> = {};
      for (const page of PRELOADED_PAGES) {
        const files = closure(chunkOf(page.module));
        if ('prefetch' in page) closure(chunkOf(page.prefetch), files);
        const intruder =
          page.name === 'events'
            ? firstLoadIntruder([...loaded, ...files], byFile)
            : firstLoadIntruder([...loaded, ...files], byFile, {
                name: `${page.name} page`,
                forbidden: NOT_IN_VISITOR_PAGES,
              });
        if (intruder) this.error(intruder);
        const js = [...files].filter((file) => !loaded.has(file));
        const css = js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        pages[page.name] = { js, css: [...new Set(css)] };
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(pages, null, 1),
      });
    },
  };
}

/** Where `vite build --ssr` writes the server-rendering bundle the page host loads (decision 0044). */
export const SSR_OUT_DIR = 'dist-ssr';

/**
 * The API imports the SSR entry at a fresh address per build (`entry-server.js?v=…`): a chunk
 * importing the entry back would load a second copy of it, whose contexts no provider fills.
 * `src/entry-server.tsx` reaches the app through a dynamic import so that none does; this keeps it so.
 */
function noChunkImportsTheEntry(): Plugin {
  return {
    name: 'admit-ssr-entry-not-imported',
    generateBundle(_options, bundle) {
      const entries = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk' && file.isEntry ? [file.fileName] : [],
      );
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const back = file.imports.find((imported) => entries.includes(imported));
        if (back)
          this.error(`${file.fileName} imports the SSR entry ${back} (see entry-server.tsx)`);
      }
    },
  };
}

// The API serves the built index.html with the seller config injected, so assets use an
// absolute base that does not depend on the seller slug in the URL.
export default defineConfig(({ isSsrBuild }) => ({
  base: BASE,
  plugins: [
    react(),
    sellerDeepLinks(),
    // the SSR bundle (src/entry-server.tsx) is loaded by the API from disk: no preload list,
    // no precompressed twins
    ...(isSsrBuild ? [noChunkImportsTheEntry()] : [routePreloads()]),
    // .br and .gz beside every text asset: the API sends the variant a client accepts as is
    // (@fastify/static preCompressed), so the bytes on the wire are compressed at build time,
    // at the highest levels, and no request pays for it
    !isSsrBuild &&
      compression({
        include: /\.(js|mjs|css|svg|json|txt)$/,
        threshold: 512,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        logLevel: 'silent',
      }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: isSsrBuild
    ? {
        outDir: SSR_OUT_DIR,
        sourcemap: true,
        target: 'node20',
        emptyOutDir: true,
        // the server keeps every loaded chunk's source text while it runs: without whitespace,
        // comments and long-hand syntax, but with every name as written, so stack traces still
        // read as the source (decision 0112)
        rolldownOptions: {
          output: {
            minify: {
              compress: { keepNames: { function: true, class: true } },
              mangle: false,
              codegen: { removeWhitespace: true },
            },
            comments: false,
          },
        },
      }
    : {
        outDir: 'dist',
        sourcemap: true,
        target: 'es2022',
        // Every module the entry imports statically goes into the entry's one file. Rolldown
        // otherwise splits what the entry shares with the lazy routes (React, TanStack Query's
        // core, the stores) into nine small chunks that every page loads anyway, each compressed
        // alone: one file is 3.4 KB smaller as sent (the listing's budget, issue #23)
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
        },
      },
  // Everything is bundled into the server bundle (the server draws stored descriptions without a
  // DOM, decision 0086, so jsdom is never imported; kept external should one reappear): the contracts are TypeScript source, and bundled React and its libraries are
  // their production builds (the define below), whatever NODE_ENV the API runs with — `npm
  // start` sets none, and React's development build renders several times slower and warns.
  ssr: { noExternal: true, external: ['jsdom'] },
  // an SSR build keeps `process.env` for Node; React's own switch is fixed to its production build
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/cached_api': 'http://localhost:3000',
      '/_dev': 'http://localhost:3000',
    },
  },
}));
