import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.API_PORT ?? 8081);

// The API, the shop pages and the catalog are served by the Node server; in dev Vite proxies them.
const proxied = ['/api', '/catalog', '/cart', '/overzicht', '/overview', '/ueberblick', '/apercu', '/panoramica', '/resumen',
  '/voorwaarden', '/terms', '/agb', '/conditions', '/condizioni', '/condiciones',
  '/klaarmetapp', '/done_with_app', '/mit_app_erstellt', '/fini-avec-lapplication', '/finito_con_app', '/finalizado_app'];

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  worker: { format: 'es' },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((path) => [path, `http://127.0.0.1:${apiPort}`])),
  },
});
