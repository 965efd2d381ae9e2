import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The shared zod schemas are compiled from source, so the web build needs no prior `tsc -b`.
    alias: { '@limo/contracts': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)) },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' } },
  // The manifest lets scripts/bundle-size.ts measure each route's first download against its budget.
  // Tiny shared chunks (an icon, a recipe) are merged into their importers: on a phone each extra
  // file of a route costs a round trip.
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 1000, rollupOptions: { output: { experimentalMinChunkSize: 20_000 } } },
});
