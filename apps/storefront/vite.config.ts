import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The API serves the built index.html with the seller config injected, so assets use an
// absolute base that does not depend on the seller slug in the URL.
export default defineConfig({
  base: '/assets-app/',
  plugins: [react()],
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
