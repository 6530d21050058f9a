/**
 * Cards as PNG pictures (docs/widgets.md, "Pictures"): the SVG picture drawn
 * by @resvg/resvg-js, from the same answer, with the same validator rules
 * and freshness, and hostile data as inert as in the SVG.
 */
import { describe, expect, it } from 'vitest';
import { FORMULA_BRAND, IMG_ONERROR, SCRIPT_TAG } from '../../sandbox/data/hostile.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { cardSuite, testProxy } from './helpers.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const suite = cardSuite();
const { watch } = suite;

/** A PNG's header: its signature and the IHDR chunk's size (the first chunk, by the format). */
function pngHeader(bytes: Uint8Array): { signature: boolean; width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunk = new TextDecoder().decode(bytes.subarray(12, 16));
  return {
    signature: PNG_SIGNATURE.every((byte, index) => bytes[index] === byte) && chunk === 'IHDR',
    width: view.getUint32(16),
    height: view.getUint32(20),
  };
}

async function png(path: string, init?: RequestInit) {
  const answer = await suite.proxy.get(path, init);
  return { ...answer, bytes: new Uint8Array(await answer.response.arrayBuffer()) };
}

describe('/cards/<element>.png', () => {
  it('is a PNG of the SVG picture’s size, kept and revalidated as the SVG is', async () => {
    const picture = await png('/cards/aivis-visibility-score.png?project=1001');
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    const header = pngHeader(picture.bytes);
    expect(header.signature).toBe(true);
    const svg = (await suite.proxy.get('/cards/aivis-visibility-score.svg?project=1001')).body;
    const [, width, height] = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg) ?? [];
    expect(header.width).toBe(Number(width));
    expect(header.height).toBe(Number(height));
    // Drawn, not blank: a solid rectangle compresses to far less.
    expect(picture.bytes.byteLength).toBeGreaterThan(2_000);

    expect(picture.headers.etag).toMatch(/-png"$/);
    const again = await png('/cards/aivis-visibility-score.png?project=1001', {
      headers: { 'If-None-Match': picture.headers.etag! },
    });
    expect(again.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
  });

  it('costs no upstream call beyond the answer the SVG and the API route share', async () => {
    const path = '/api/v1/projects/1003/citations';
    const calls = () => suite.sandbox.requestLog.filter((entry) => entry.path === path).length;
    const before = calls();
    await suite.proxy.get('/cards/aivis-citations.svg?project=1003');
    await png('/cards/aivis-citations.png?project=1003');
    await png('/cards/aivis-citations.png?project=1003&theme=dark');
    expect(calls() - before).toBe(1);
  });

  it('draws hostile data as text: the SVG it is drawn from escapes it, the PNG runs nothing', async () => {
    const svg = (await suite.proxy.get('/cards/aivis-competitor-ranking.svg?project=1001')).body;
    expect(svg).not.toMatch(/<script|<foreignObject|<image|\son\w+=|href=/i);
    // The planted values (sandbox/data/hostile.ts) are in the picture, escaped.
    expect(svg).toContain(escapeHtml(FORMULA_BRAND));
    for (const attack of [SCRIPT_TAG, IMG_ONERROR]) expect(svg).not.toContain(attack);
    const picture = await png('/cards/aivis-competitor-ranking.png?project=1001');
    expect(picture.status).toBe(200);
    expect(pngHeader(picture.bytes).signature).toBe(true);
    expect(picture.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('without a renderer (a Worker’s entry gives none) is a 404 naming the SVG picture', async () => {
    const bare = testProxy({ baseUrl: suite.sandbox.baseUrl }, {}, watch);
    const { status, body } = await bare.get('/cards/aivis-visibility-score.png?project=1001');
    expect(status).toBe(404);
    expect(body).toContain('.svg');
    const broken = testProxy(
      { baseUrl: suite.sandbox.baseUrl },
      { loadPng: () => Promise.reject(new Error('no binary for this platform')) },
      watch,
    );
    expect((await broken.get('/cards/aivis-visibility-score.png?project=1001')).status).toBe(404);
    expect((await broken.get('/cards/aivis-visibility-score.svg?project=1001')).status).toBe(200);
  });

  it('an invalid attribute is the element’s 422, not a picture', async () => {
    const { status, body } = await suite.proxy.get('/cards/aivis-visibility-score.png?project=abc');
    expect(status).toBe(422);
    expect(body).toContain('project');
  });
});
