import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8090);

/** E2E in Debian's Chromium against the real server (built SPA, PGlite in a throwaway data folder). */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The service worker would answer requests that tests intercept (page.route): off, except in
    // the spec that tests it (serviceWorker.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/keuze`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Every test opens fresh browsers from one address: the per-address limits on new sessions and
    // uploads (which protect a shop from one client) would count the whole suite as one customer.
    env: { PORT: String(port), DATA_DIR: 'test-results/e2e-data', LOG_LEVEL: 'warn', SESSION_RATE_LIMIT: '100000', UPLOAD_RATE_LIMIT: '100000' },
  },
});
