/**
 * The built widget bundles stay within their gzip budgets: the catalogue
 * (one script tag, every element) and each element alone (its standalone
 * entry, all a page using only that element loads). Sizes are deterministic
 * bytes of the build output, so they are asserted here (timings are not:
 * they go to `npm run bench`), and README's table states them.
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
  WHOLE_CATALOGUE,
} from '../../scripts/bundle-sizes-readme.js';
import { BUNDLE_FILE, STANDALONE_ENTRIES } from '../../widget/build.js';
import { BUNDLE_BUDGET_GZIP_BYTES, ELEMENT_BUDGET_GZIP_BYTES } from '../../widget/bundle-budget.js';

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

  it.each(Object.keys(STANDALONE_ENTRIES))('%s alone is within its gzip budget', (tag) => {
    const size = sizeOf(`standalone/${tag}.js`);
    const budget = WHOLE_CATALOGUE.has(tag) ? BUNDLE_BUDGET_GZIP_BYTES : ELEMENT_BUDGET_GZIP_BYTES;
    expect(size).toBeLessThanOrEqual(budget);
    // An element alone is smaller than the catalogue, or the build split did nothing.
    if (!WHOLE_CATALOGUE.has(tag)) expect(size).toBeLessThan(sizeOf(BUNDLE_FILE) - 8 * 1024);
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

  it('every element of the catalogue has a standalone entry', () => {
    const bundle = readFileSync(`${DIST}${BUNDLE_FILE}`, 'utf8');
    const defined = [...bundle.matchAll(/customElements\.define\(`([a-z-]+)`/g)].map((m) => m[1]);
    expect(defined.length).toBeGreaterThanOrEqual(9);
    for (const tag of defined) expect(Object.keys(STANDALONE_ENTRIES)).toContain(tag);
  });
});
