/**
 * The pictures of README.md and docs/*.md (written by `npm run screenshots`,
 * test/apps-script/fakes/draw-pictures.ts, draw-alert-pictures.ts,
 * test/looker-studio/fakes/draw-report-picture.ts and test/drift/draw-degraded-card.ts):
 * every picture a page shows
 * exists, is a PNG, stays small, and none lies unused.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FORMULA_BRAND, IMG_ONERROR, SCRIPT_TAG } from '../../sandbox/data/hostile.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const IMAGES = `${ROOT}docs/images`;
/** Cropped to its element, a picture of a widget or of the explorer fits in this. */
const MAX_BYTES = 200 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The pictures a page shows: README.md links `docs/images/x.png`, a page in docs/ `images/x.png`. */
async function shownPictures(): Promise<string[]> {
  const pages = (await readdir(`${ROOT}docs`)).filter((file) => file.endsWith('.md'));
  const texts = [
    await readFile(`${ROOT}README.md`, 'utf8'),
    ...(await Promise.all(pages.map((page) => readFile(`${ROOT}docs/${page}`, 'utf8')))),
  ];
  return texts.flatMap((text) =>
    [...text.matchAll(/\]\((?:docs\/)?images\/([^)]+)\)/g)].map((match) => match[1]!),
  );
}

describe('pictures of the README and docs/', () => {
  it('shows exactly the PNGs in docs/images, each a small PNG', async () => {
    const shown = await shownPictures();
    const files = (await readdir(IMAGES)).filter((file) => file.endsWith('.png')).sort();
    expect([...new Set(shown)].sort()).toEqual(files);
    for (const name of ['dashboard', 'sidebar', 'explorer']) {
      for (const scheme of ['light', 'dark']) expect(files).toContain(`${name}-${scheme}.png`);
    }
    for (const file of files) {
      const bytes = await readFile(`${IMAGES}/${file}`);
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), file).toBe(true);
      expect(bytes.length, file).toBeLessThanOrEqual(MAX_BYTES);
    }
  });

  it("draws the showcase account, never the hostile test project (1001's formula, script and onerror text)", async () => {
    // A picture's source is any script outside the tests' own files that writes into docs/images.
    const sources: string[] = [];
    for (const folder of ['start', 'scripts', 'test']) {
      for (const file of await readdir(`${ROOT}${folder}`, { recursive: true })) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
        const text = await readFile(`${ROOT}${folder}/${file}`, 'utf8');
        if (text.includes('docs/images')) sources.push(`${folder}/${file}`);
      }
    }
    expect(sources).toContain('test/apps-script/fakes/draw-pictures.ts');
    for (const source of sources) {
      const text = await readFile(`${ROOT}${source}`, 'utf8');
      // The demo account's projects (1001-1003) and its token, or the hostile values themselves.
      expect(text, source).not.toMatch(/\b100[1-3]\b|aivis_test_entry|data\/hostile/);
      for (const hostile of [FORMULA_BRAND, SCRIPT_TAG, IMG_ONERROR]) {
        expect(text, source).not.toContain(hostile);
      }
    }
  });
});
