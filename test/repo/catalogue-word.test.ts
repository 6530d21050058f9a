/**
 * "Catalogue" has one meaning, the element catalogue (widget/catalog.ts: the
 * elements and what feeds each one), and one spelling in prose: docs and
 * comments never say "catalog" except in a name (`widget/catalog.ts`,
 * `CATALOG`, `CatalogTag`). The bundle with every element is "the full
 * bundle" (`aivis-widgets.js`); the sandbox's projects are its world
 * (sandbox/data/world.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const FOLDERS = [
  'docs',
  'widget',
  'scripts',
  'ssr',
  'shared',
  'sandbox',
  'proxy',
  'apps-script',
  'start',
  'bench',
  'test',
  'support',
];
const SKIPPED = new Set(['node_modules', 'dist', 'images']);

function files(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) files(path, out);
    } else if (/\.(ts|js|md|html)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Lower-case "catalog" as a word of its own, not part of a file name. */
const AMERICAN = /\bcatalog\b(?!\\*\.(?:ts|js)|-)/g;

describe('the word catalogue', () => {
  it('is spelled one way in prose; "catalog" only in names', () => {
    const found = [
      ...files('.', []).filter((path) => path === 'README.md'),
      ...FOLDERS.flatMap((dir) => files(dir)),
    ]
      .filter((path) => path !== 'test/repo/catalogue-word.test.ts')
      .flatMap((path) =>
        readFileSync(join(ROOT, path), 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            line.match(AMERICAN) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(found).toEqual([]);
  });

  it('never names the full bundle', () => {
    const docs = files('docs').map((path) => readFileSync(join(ROOT, path), 'utf8'));
    for (const text of docs)
      expect(text).not.toMatch(
        /catalogue\W{1,3}`?aivis-widgets\.js|loaded later by the catalogue/i,
      );
  });

  it('finds the other spelling where it is', () => {
    expect('the widget catalog lists'.match(AMERICAN)).toHaveLength(1);
    expect('`widget/catalog.ts`, catalog-params'.match(AMERICAN)).toBeNull();
  });
});
