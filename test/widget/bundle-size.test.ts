/**
 * The built widget bundle stays within its gzip budget. Sizes are
 * deterministic bytes of the build output, so this is asserted here (timings
 * are not: they go to `npm run bench`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGET_GZIP_BYTES, BUNDLE_BUDGET_GZIP_LEVEL } from '../../widget/bundle-budget.js';

const BUNDLE = fileURLToPath(new URL('../../dist/widget/aivis-widgets.js', import.meta.url));

describe('the widget bundle (dist/widget/aivis-widgets.js)', () => {
  it('is within its gzip budget', () => {
    if (!existsSync(BUNDLE)) {
      throw new Error(`${BUNDLE} is missing: run \`npm run build:widget\` first (npm test does).`);
    }
    const gzipped = gzipSync(readFileSync(BUNDLE), { level: BUNDLE_BUDGET_GZIP_LEVEL }).length;
    expect(gzipped).toBeLessThanOrEqual(BUNDLE_BUDGET_GZIP_BYTES);
  });
});
