import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { DONE_WITH_APP_PATHS, OVERVIEW_PATHS, SHOP_BACK_PATHS, TERMS_PATHS } from './src/i18n/localePaths';

const apiPort = Number(process.env.API_PORT ?? 8081);

// The API, the shop pages and the catalog are served by the Node server; in dev Vite proxies them.
const shopPages = [OVERVIEW_PATHS, DONE_WITH_APP_PATHS, SHOP_BACK_PATHS, TERMS_PATHS].flatMap((table) => Object.values(table));
const proxied = ['/api', '/catalog', '/cart', ...new Set(shopPages)];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // The manifest tells the server the hashed name of the shop pages' cipher module.
    manifest: true,
    rollupOptions: {
      input: { index: 'index.html', shopCipher: 'src/shop/passwordCipherEntry.ts' },
      preserveEntrySignatures: 'exports-only',
    },
  },
  worker: { format: 'es' },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((path) => [path, `http://127.0.0.1:${apiPort}`])),
  },
});
