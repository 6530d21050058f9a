/**
 * The built catalogue (one script tag, every element) stays within its gzip
 * budget. Sizes are deterministic bytes of the build output, so they are
 * asserted here (timings are not: they go to `npm run bench`), and the
 * widgets page's table states them. Single elements are not budgeted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  bundleSize,
  bundleSizesTable,
  SIZES_END,
  SIZES_PAGE,
  SIZES_START,
} from '../../scripts/bundle-sizes-readme.js';
import { BUNDLE_FILE } from '../../scripts/widget/build.js';
import { BUNDLE_BUDGET_GZIP_BYTES } from '../../scripts/widget/bundle-budget.js';

const DIST = fileURLToPath(new URL('../../dist/widget/', import.meta.url));

function sizeOf(file: string): number {
  if (!existsSync(`${DIST}${file}`)) {
    throw new Error(
      `${DIST}${file} is missing: run \`npm run build:widget\` first (npm test does).`,
    );
  }
  return bundleSize(file, DIST);
}

describe('the widget bundles (dist/widget)', () => {
  it(`the catalogue (${BUNDLE_FILE}) is within its gzip budget`, () => {
    expect(sizeOf(BUNDLE_FILE)).toBeLessThanOrEqual(BUNDLE_BUDGET_GZIP_BYTES);
  });

  it("the widgets page's size table states each bundle's size at this commit", () => {
    const readme = readFileSync(
      fileURLToPath(new URL(`../../${SIZES_PAGE}`, import.meta.url)),
      'utf8',
    );
    const section = readme.slice(
      readme.indexOf(SIZES_START) + SIZES_START.length,
      readme.indexOf(SIZES_END),
    );
    expect(
      section.trim(),
      `${SIZES_PAGE}: run \`npx tsx scripts/bundle-sizes-readme.ts\` after \`npm run build:widget\``,
    ).toBe(bundleSizesTable(sizeOf));
  });
});
