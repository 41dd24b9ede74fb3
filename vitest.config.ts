import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'workers/**/*.test.ts', 'tests/render/**/*.test.ts', 'catalog/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/mobxStrict.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    coverage: { provider: 'v8', include: ['src/model/**/*.ts'], reporter: ['text-summary', 'json-summary'] },
  },
});
