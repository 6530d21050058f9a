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
import { chunkFilesOf } from '../../scripts/widget/chunk-files.js';

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

  it('loads its chunks only when a card needs them, from beside itself, so the budget counts what the first render loads', () => {
    const catalogue = readFileSync(`${DIST}${BUNDLE_FILE}`, 'utf8');
    const chunks = chunkFilesOf(BUNDLE_FILE, DIST);
    expect(chunks.length).toBeGreaterThan(0);
    // No static import: the one script tag is all the first render fetches.
    expect(catalogue).not.toMatch(/\bfrom\s*["'`]|\bimport\s*["'`]/);
    for (const chunk of chunks) {
      expect(catalogue).toContain(`import(\`./${chunk}\`)`);
      // A chunk takes what it shares from the catalogue itself, never from another file.
      const imported = [...readFileSync(`${DIST}${chunk}`, 'utf8').matchAll(/\bfrom\s*"([^"]+)"/g)];
      expect(imported.map((match) => match[1])).toEqual([`./${BUNDLE_FILE}`]);
    }
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
