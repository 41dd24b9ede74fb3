import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'server/**/*.test.ts',
      'workers/**/*.test.ts',
      'tests/render/**/*.test.ts',
      'tests/bench/**/*.test.ts',
      'tests/support/**/*.test.ts',
      'tests/layout/**/*.test.ts',
      'catalog/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/setup/mobxStrict.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    coverage: {
      provider: 'v8',
      include: ['src/model/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
    },
  },
});
