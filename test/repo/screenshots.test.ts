/**
 * The pictures of README.md and docs/*.md (written by `npm run screenshots`,
 * test/apps-script/fakes/draw-pictures.ts and test/drift/draw-degraded-card.ts):
 * every picture a page shows
 * exists, is a PNG, stays small, and none lies unused.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
});
