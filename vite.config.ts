import { defineConfig } from 'vitest/config';
import { responseShapesPlugin } from './scripts/response-shapes-plugin.js';

// Test configuration. Suites start their own sandbox on an ephemeral port, so
// they run in parallel without sharing state; browser suites drive Debian's
// Chromium through playwright-core against the built bundle.
export default defineConfig({
  plugins: [responseShapesPlugin()],
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ when it is missing or older than its sources (suites read the built artifacts).
    globalSetup: ['test/global-setup.ts'],
    // Type tests (*.test-d.ts) run through tsc on their own config, which
    // compiles the sources they import directly (no tsc -b output needed).
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: 'test/tsconfig.types.json',
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
