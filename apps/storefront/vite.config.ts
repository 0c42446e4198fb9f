import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
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

// The API serves the built index.html with the seller config injected, so assets use an
// absolute base that does not depend on the seller slug in the URL.
export default defineConfig({
  base: BASE,
  plugins: [
    react(),
    sellerDeepLinks(),
    // .br and .gz beside every text asset: the API sends the variant a client accepts as is
    // (@fastify/static preCompressed), so the bytes on the wire are compressed at build time,
    // at the highest levels, and no request pays for it
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
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/cached_api': 'http://localhost:3000',
      '/_dev': 'http://localhost:3000',
    },
  },
});
