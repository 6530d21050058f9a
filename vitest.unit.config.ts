import { defineConfig } from 'vitest/config';
import base from './vite.config.js';

/**
 * `npm run test:unit`: the inner loop. Every suite that needs neither a
 * browser, nginx, workerd nor Bun: the core, the sandbox, the proxy, the
 * widgets in happy-dom, the Sheets add-on and the Looker connector in the vm
 * harness. `npm test` runs these and the rest (docs/contributing.md).
 */
export const UNIT_SUITES = [
  'test/shared/**/*.test.ts',
  'test/sandbox/**/*.test.ts',
  'test/contract/**/*.test.ts',
  'test/proxy/**/*.test.ts',
  'test/widget/**/*.test.ts',
  'test/build/**/*.test.ts',
  'test/apps-script/**/*.test.ts',
  'test/looker-studio/**/*.test.ts',
  'test/repo/**/*.test.ts',
  'test/ledger/**/*.test.ts',
];

/** Suites under those folders that drive Chromium. */
export const UNIT_EXCLUDED = ['test/apps-script/html-pages.test.ts'];

// The base's lists are replaced, not merged (mergeConfig would append its include).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: UNIT_SUITES,
    exclude: ['**/node_modules/**', ...UNIT_EXCLUDED],
    typecheck: { enabled: false },
  },
});
