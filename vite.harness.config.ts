import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The browser test harness (never part of the product build): pages that mount real UI with real
 * stores and the real photo worker pool, built to test-results/harness for Playwright and the
 * photo benchmark. Built by tests/harness/harness.ts.
 */
export default defineConfig({
  root: here('tests/harness/app'),
  base: '/',
  plugins: [react()],
  worker: { format: 'es' },
  logLevel: 'warn',
  build: {
    outDir: here('test-results/harness'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        photos: here('tests/harness/app/photos.html'),
        bench: here('tests/harness/app/bench.html'),
      },
    },
  },
});
