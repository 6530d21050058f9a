/**
 * The shared harness (support/) keeps no list of the catalogue's widgets: the
 * suites pass the tags in (test/browser/widget-tags.ts reads the catalogue),
 * so a new element needs no edit there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../widget/catalog.js';

const SUPPORT = new URL('../../support/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('support/', () => {
  it('names no widget of the catalogue (the suites pass the tags in)', () => {
    const widgets = Object.entries(CATALOG).flatMap(([tag, entry]) =>
      'endpoint' in entry ? [tag] : [],
    );
    expect(widgets.length).toBeGreaterThan(5);
    const named = sources(SUPPORT).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return widgets
        .filter((tag) => text.includes(tag))
        .map((tag) => `${file.slice(SUPPORT.length)}: ${tag}`);
    });
    expect(named).toEqual([]);
  });
});
