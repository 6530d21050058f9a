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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
