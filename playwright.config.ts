import { defineConfig } from '@playwright/test';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, DEV_SCOPE } from './scripts/socialDev/devClient';
import { socialDevEnv } from './scripts/socialDev/socialDevEnv';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

const port = Number(process.env.E2E_PORT ?? 8090);
/** The local photo service (npm run social:dev's) the shop's social tab signs in to. */
const socialPort = Number(process.env.SOCIAL_E2E_PORT ?? port + 1000);
const socialUrl = `http://127.0.0.1:${socialPort}`;

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
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: `node --import tsx scripts/socialDev/serviceMain.ts`,
      url: `${socialUrl}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { SOCIAL_DEV_PORT: String(socialPort), SHOP_URL: `http://127.0.0.1:${port}` },
    },
    {
      command: `node --import tsx server/main.ts`,
      url: `http://127.0.0.1:${port}/keuze`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Every test opens fresh browsers from one address: the per-address limits on new sessions,
      // uploads and sign-ins (registering, signing in, password resets; 20 a minute by default),
      // which protect a shop from one client, would count the whole suite as one customer.
      env: {
        PORT: String(port),
        DATA_DIR: 'test-results/e2e-data',
        LOG_LEVEL: 'warn',
        SESSION_RATE_LIMIT: '100000',
        UPLOAD_RATE_LIMIT: '100000',
        AUTH_RATE_LIMIT: '100000',
        ...socialDevEnv(socialUrl, {
          clientId: DEV_CLIENT_ID,
          clientSecret: DEV_CLIENT_SECRET,
          scope: DEV_SCOPE,
        }),
      },
    },
  ],
});
