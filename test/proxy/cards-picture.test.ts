/**
 * The card's picture (ssr/card-picture.ts): its lines wrap at spaces to the
 * picture's width as a system sans-serif draws them, a word too long for a
 * line is cut with an ellipsis, and however long the card's text the
 * picture has a bounded number of lines (docs/widgets.md, "Pictures").
 */
import { describe, expect, it } from 'vitest';
import { cardSvg, textWidth, wrapLine } from '../../ssr/card-picture.js';

const WIDTH = 520;
const SENTENCE =
  'Publish a comparison page naming the three competitors that answer engines cite most often for integration questions';

const drawnLines = (svg: string) =>
  [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);

describe('the picture’s lines', () => {
  it('wrap at spaces, every word kept whole and in order, each line within the width', () => {
    const lines = wrapLine(SENTENCE, WIDTH, 14);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(SENTENCE);
    for (const line of lines) expect(textWidth(line, 14)).toBeLessThanOrEqual(WIDTH);
    // Filled: the next word would not have fitted on the line before.
    for (let index = 1; index < lines.length; index += 1) {
      const next = lines[index]!.split(' ')[0]!;
      expect(textWidth(`${lines[index - 1]} ${next}`, 14)).toBeGreaterThan(WIDTH);
    }
  });

  it('measure wide letters wider: a line of Ms wraps sooner than a line of is', () => {
    expect(wrapLine('MMMM '.repeat(40), WIDTH, 14).length).toBeGreaterThan(
      wrapLine('iiii '.repeat(40), WIDTH, 14).length,
    );
  });

  it('cut a word longer than a line with an ellipsis, within the width', () => {
    const address = `https://example.com/${'segment/'.repeat(40)}`;
    const [line, ...rest] = wrapLine(`See ${address}`, WIDTH, 14);
    expect(line).toBe('See');
    expect(rest).toHaveLength(1);
    expect(rest[0]!.endsWith('…')).toBe(true);
    expect(textWidth(rest[0]!, 14)).toBeLessThanOrEqual(WIDTH);
  });

  it('stop at three lines per line of the card, the last saying more was there', () => {
    const lines = wrapLine(SENTENCE.repeat(20), WIDTH, 14);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
  });

  it('bound the whole picture, however long the card', () => {
    const items = Array.from({ length: 500 }, (_, index) => `<li>${SENTENCE} ${index}</li>`);
    const svg = cardSvg(
      `<x-card><template shadowrootmode="open"><h2>Heading</h2><ul>${items.join('')}</ul></template></x-card>`,
      'light',
    );
    const lines = drawnLines(svg);
    expect(lines.length).toBeLessThanOrEqual(14);
    expect(lines[0]).toBe('Heading');
    // The description names every line whole, not the drawn pieces; bounded too.
    expect(svg.length).toBeLessThan(200_000);
  });

  it('keep a short line as it is', () => {
    expect(wrapLine('60.0 out of 100', WIDTH, 14)).toEqual(['60.0 out of 100']);
  });
});
