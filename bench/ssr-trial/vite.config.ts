import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// Throwaway trial (issue #23, decision 0053): the storefront's listing drawn by a plain Vite SSR
// server with TanStack Query's dehydrate/hydrate. Builds from the storefront's own source.
const storefront = fileURLToPath(new URL('../../apps/storefront', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: storefront,
  base: '/trial-assets/',
  plugins: [
    react(),
    // the same precompressed assets the real host sends, so the bytes compare
    !isSsrBuild &&
      compression({
        include: /\.(js|mjs|css|svg|json)$/,
        threshold: 512,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        ],
        logLevel: 'silent',
      }),
  ],
  resolve: { alias: { '@': `${storefront}/src` } },
  build: isSsrBuild
    ? {
        outDir: `${here}/dist/server`,
        emptyOutDir: true,
        target: 'node20',
        rollupOptions: { input: `${here}/entry-server.tsx` },
      }
    : {
        outDir: `${here}/dist/client`,
        emptyOutDir: true,
        target: 'es2022',
        manifest: true,
        rollupOptions: { input: `${here}/entry-client.tsx` },
      },
  ssr: { noExternal: true, external: ['jsdom'] },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
}));
