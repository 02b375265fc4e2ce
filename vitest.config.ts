import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'contract-tests/**/*.test.ts', 'simulators/src/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/generated/**', 'src/console/**'],
      reporter: ['text-summary', 'json-summary', 'html'],
      // a run with a failure still reports what it covered
      reportOnFailure: true,
    },
  },
});
