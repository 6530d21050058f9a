/**
 * The built widget bundles stay within their gzip budgets: the catalogue
 * (one script tag, every element) and each element alone (its standalone
 * entry, all a page using only that element loads). Sizes are deterministic
 * bytes of the build output, so they are asserted here (timings are not:
 * they go to `npm run bench`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUNDLE_FILE, STANDALONE_ENTRIES } from '../../widget/build.js';
import {
  BUNDLE_BUDGET_GZIP_BYTES,
  BUNDLE_BUDGET_GZIP_LEVEL,
  ELEMENT_BUDGET_GZIP_BYTES,
} from '../../widget/bundle-budget.js';

const DIST = fileURLToPath(new URL('../../dist/widget/', import.meta.url));

function gzipSize(file: string): number {
  if (!existsSync(`${DIST}${file}`)) {
    throw new Error(
      `${DIST}${file} is missing: run \`npm run build:widget\` first (npm test does).`,
    );
  }
  return gzipSync(readFileSync(`${DIST}${file}`), { level: BUNDLE_BUDGET_GZIP_LEVEL }).length;
}

/** The dashboard loads every element, so it is held to the catalogue's budget. */
const WHOLE_CATALOGUE = new Set(['aivis-dashboard']);

describe('the widget bundles (dist/widget)', () => {
  it(`the catalogue (${BUNDLE_FILE}) is within its gzip budget`, () => {
    expect(gzipSize(BUNDLE_FILE)).toBeLessThanOrEqual(BUNDLE_BUDGET_GZIP_BYTES);
  });

  it.each(Object.keys(STANDALONE_ENTRIES))('%s alone is within its gzip budget', (tag) => {
    const size = gzipSize(`standalone/${tag}.js`);
    const budget = WHOLE_CATALOGUE.has(tag) ? BUNDLE_BUDGET_GZIP_BYTES : ELEMENT_BUDGET_GZIP_BYTES;
    expect(size).toBeLessThanOrEqual(budget);
    // An element alone is smaller than the catalogue, or the build split did nothing.
    if (!WHOLE_CATALOGUE.has(tag)) expect(size).toBeLessThan(gzipSize(BUNDLE_FILE) - 8 * 1024);
  });

  it("README's size table states each bundle's size at this commit", () => {
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    const stated = new Map(
      [...readme.matchAll(/^\| `((?:standalone\/)?aivis-[a-z-]+\.js)`[^|]*\| ([\d,]+) B \|/gm)].map(
        (match) => [match[1]!, Number(match[2]!.replaceAll(',', ''))],
      ),
    );
    const files = [
      BUNDLE_FILE,
      ...Object.keys(STANDALONE_ENTRIES).map((tag) => `standalone/${tag}.js`),
    ];
    expect([...stated.keys()].sort()).toEqual([...files].sort());
    for (const file of files) {
      expect(
        stated.get(file),
        `README's row for ${file}: write ${gzipSize(file).toLocaleString('en-US')} B`,
      ).toBe(gzipSize(file));
    }
  });

  it('every element of the catalogue has a standalone entry', () => {
    const bundle = readFileSync(`${DIST}${BUNDLE_FILE}`, 'utf8');
    const defined = [...bundle.matchAll(/customElements\.define\(`([a-z-]+)`/g)].map((m) => m[1]);
    expect(defined.length).toBeGreaterThanOrEqual(9);
    for (const tag of defined) expect(Object.keys(STANDALONE_ENTRIES)).toContain(tag);
  });
});
