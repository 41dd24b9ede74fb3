import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * Runs the harness-based e2e tests alone (npm run test:photos): they build and serve their own
 * pages on a free port, so the app server of the main config is not needed.
 */
export default defineConfig({
  ...base,
  testDir: '../e2e',
  testMatch: ['photos.spec.ts'],
  outputDir: '../../test-results/photos-e2e',
  webServer: undefined,
  use: { ...base.use, baseURL: undefined },
});
