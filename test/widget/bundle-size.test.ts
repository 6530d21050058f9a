/**
 * The built full bundle (one script tag, every element) stays within its gzip
 * budget. Sizes are deterministic bytes of the build output, so they are
 * asserted here (timings are not: they go to `npm run bench`), and the
 * widgets page's table states them. Single elements are not budgeted; they
 * share one runtime module.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  builtFiles,
  bundleSize,
  SIZES_END,
  SIZES_PAGE,
  SIZES_START,
} from '../../scripts/bundle-sizes-readme.js';
import { BUNDLE_FILE, STANDALONE_ENTRIES } from '../../scripts/widget/build.js';
import { BUNDLE_BUDGET_GZIP_BYTES } from '../../scripts/widget/bundle-budget.js';
import { chunkFilesOf, staticImports } from '../../scripts/widget/chunk-files.js';
import { CATALOG } from '../../widget/catalog.js';

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
  it(`the full bundle (${BUNDLE_FILE}) is within its gzip budget`, () => {
    expect(sizeOf(BUNDLE_FILE)).toBeLessThanOrEqual(BUNDLE_BUDGET_GZIP_BYTES);
  });

  it('loads its chunks only when a card needs them, from beside itself, so the budget counts what the first render loads', () => {
    const full = readFileSync(`${DIST}${BUNDLE_FILE}`, 'utf8');
    const chunks = chunkFilesOf(BUNDLE_FILE, DIST);
    expect(chunks.length).toBeGreaterThan(0);
    // No static import: the one script tag is all the first render fetches.
    expect(full).not.toMatch(/\bfrom\s*["'`]|\bimport\s*["'`]/);
    for (const chunk of chunks) {
      expect(full).toContain(`import(\`./${chunk}\`)`);
      // A chunk takes what it shares from the full bundle itself, never from another file.
      const imported = [...readFileSync(`${DIST}${chunk}`, 'utf8').matchAll(/\bfrom\s*"([^"]+)"/g)];
      expect(imported.map((match) => match[1])).toEqual([`./${BUNDLE_FILE}`]);
    }
  });

  it("the widgets page's size table names every built file with its size, within a tolerance", () => {
    const readme = readFileSync(
      fileURLToPath(new URL(`../../${SIZES_PAGE}`, import.meta.url)),
      'utf8',
    );
    const section = readme.slice(
      readme.indexOf(SIZES_START) + SIZES_START.length,
      readme.indexOf(SIZES_END),
    );
    const files = builtFiles(DIST);
    const all = [files.full, ...files.later, ...files.standalone];
    const stated = new Map(
      [...section.matchAll(/^\| `([^`]+)` \|[^|]*\| ([\d.]+) KB \|/gm)].map((match) => [
        match[1]!,
        Number(match[2]) * 1024,
      ]),
    );
    const hint = `${SIZES_PAGE}: \`npm run build:widget\` rewrites the table`;
    expect([...stated.keys()].sort(), hint).toEqual([...all].sort());
    // Not to the byte: a new API value or a short element must not fail the docs.
    for (const file of all) {
      const size = sizeOf(file);
      expect(Math.abs(stated.get(file)! - size), `${file}: ${hint}`).toBeLessThanOrEqual(
        Math.max(512, size * 0.1),
      );
    }
  });
});

const closure = (file: string) => staticImports(file, DIST);

describe('the standalone entries (dist/widget/standalone)', () => {
  it('share one runtime: two elements and configure() cost less than the full bundle', () => {
    const entries = Object.keys(STANDALONE_ENTRIES).map((tag) => `standalone/${tag}.js`);
    for (const entry of entries) expect(closure(entry)).toContain('standalone/runtime.js');
    // Lit's template engine is in the runtime alone, not once per element.
    const withLit = readdirSync(`${DIST}standalone`).filter((file) =>
      readFileSync(`${DIST}standalone/${file}`, 'utf8').includes('lit-html'),
    );
    expect(withLit).toEqual(['runtime.js']);
    const page = new Set(
      [
        'standalone/aivis-visibility-score.js',
        'standalone/aivis-competitor-ranking.js',
        'standalone/configure.js',
      ].flatMap((entry) => [...closure(entry)]),
    );
    const loaded = [...page].reduce((sum, file) => sum + sizeOf(file), 0);
    expect(loaded).toBeLessThan(sizeOf(BUNDLE_FILE));
  });

  it('configure() comes without any element', () => {
    const loaded = [...closure('standalone/configure.js')];
    // The runtime it shares holds the one defining function (widget/internal/define.ts); no
    // tag is defined: neither `X.define(`aivis-…`)` nor a call with a tag and a class.
    for (const file of loaded) {
      const code = readFileSync(`${DIST}${file}`, 'utf8');
      expect(code).not.toMatch(/define\(`aivis-/);
      expect(code).not.toMatch(/\(`aivis-[a-z-]+`,[\w$]+(,[\w$]+,[\w$]+)?\)/);
    }
  });
});

describe('the full bundle as it ships', () => {
  it('is widget/catalog.ts as written, not a rewrite of it: every entry with its gallery caption', () => {
    const full = readFileSync(`${DIST}${BUNDLE_FILE}`, 'utf8');
    for (const entry of Object.values(CATALOG)) {
      expect(full).toContain(entry.folder);
      if ('gallery' in entry) expect(full).toContain(entry.gallery.name);
    }
  });
});
