/**
 * A card as a picture, for mail, chat and wikis that take only images: the
 * card's own text (what its element rendered, read back line by line from
 * its server-rendered markup, so the figures are the card's and written
 * once), drawn in a system font, with the same lines as the picture's
 * <title> and description for readers that cannot see it.
 */
import { escapeHtml } from '../shared/escape-html.js';

/** Lines a picture shows: a card's heading and its figures fit. */
const MAX_LINES = 14;
/** Lines the dashboard's picture shows: its sections' headings and first figures. */
export const DASHBOARD_LINES = 60;
/** What one of the card's lines may hold before it is cut (its title and description too). */
const MAX_LINE_CHARS = 300;
/** Lines one of the card's lines may wrap to; the last ends with an ellipsis when more is left. */
const MAX_WRAPS = 3;
const WIDTH = 560;
const LINE_HEIGHT = 22;
const PADDING = 20;
const HEADING_SIZE = 17;
const TEXT_SIZE = 14;
const ELLIPSIS = '…';

const BLOCK_END = /<\/(?:p|li|div|h[1-6]|tr|caption|summary|header|dt|dd|section)>|<br\s*\/?>/gi;
const HIDDEN = /<(details|script|template|button|svg)\b[\s\S]*?<\/\1>/gi;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The visible lines of a card's markup (the shadow root's), in order. */
export function cardLines(cardMarkup: string, maxLines = MAX_LINES): string[] {
  const start = cardMarkup.indexOf('<template');
  const end = cardMarkup.lastIndexOf('</template>');
  const inner = start >= 0 && end > start ? cardMarkup.slice(start, end) : cardMarkup;
  const text = inner
    // The card's shadow root only: a section's template opens inside the dashboard's.
    .replace(/\s+/g, ' ')
    .replace(/<template[^>]*>/g, '')
    .replace(HIDDEN, ' ')
    .replace(/<span class="visually-hidden">[\s\S]*?<\/span>/g, '')
    .replace(/<span aria-hidden="true">[\s\S]*?<\/span>/g, '')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    lines.push(
      line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS - 1)}${ELLIPSIS}` : line,
    );
    if (lines.length >= maxLines) break;
  }
  return lines;
}

/**
 * A character's advance in em, as a system sans-serif draws it (Arial's and
 * DejaVu Sans' widths, rounded up by class): the picture has no font
 * metrics to ask, and a line measured a little wide wraps a word early
 * rather than running past the card's edge.
 */
function advance(char: string): number {
  if (/[\s.,:;'|!ijlI]/.test(char)) return 0.3;
  if (/[-()[\]frt/]/.test(char)) return 0.4;
  if (/[mwMW@%…]/.test(char)) return 0.95;
  if (/[A-Z]/.test(char)) return 0.72;
  if (/[0-9a-z]/.test(char)) return 0.6;
  // Wide scripts (CJK, Hangul, emoji) take a whole em; other letters about two thirds.
  return char.codePointAt(0)! >= 0x2e80 ? 1 : 0.68;
}

/** The width of `text` at `size` px, as the picture measures it. */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const char of text) em += advance(char);
  return em * size * (bold ? 1.08 : 1);
}

/** The longest start of `text` that fits `width` with an ellipsis after it. */
function cut(text: string, width: number, size: number, bold: boolean): string {
  const chars = Array.from(text);
  let end = chars.length;
  while (end > 0 && textWidth(`${chars.slice(0, end).join('')}${ELLIPSIS}`, size, bold) > width)
    end -= 1;
  return `${chars.slice(0, end).join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * `line` wrapped at its spaces to lines no wider than `width`, at most
 * `maxLines` of them: a word wider than a whole line is cut with an
 * ellipsis, and text left over after the last line ends it with one.
 */
export function wrapLine(
  line: string,
  width: number,
  size: number,
  { bold = false, maxLines = MAX_WRAPS } = {},
): string[] {
  const lines: string[] = [];
  let current = '';
  const words = line.split(' ').filter(Boolean);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const joined = current ? `${current} ${word}` : word;
    if (textWidth(joined, size, bold) <= width) {
      current = joined;
      continue;
    }
    if (current) lines.push(current);
    current = textWidth(word, size, bold) <= width ? word : cut(word, width, size, bold);
    if (lines.length === maxLines) {
      // No room for this word: the last line says that more was there.
      lines[maxLines - 1] = cut(`${lines[maxLines - 1]!} ${word}`, width, size, bold);
      return lines;
    }
  }
  if (current) lines.push(current);
  return lines;
}

const PALETTES = {
  light: { bg: '#ffffff', fg: '#1f2328', muted: '#57606a', border: '#d0d7de' },
  dark: { bg: '#16181d', fg: '#e6e8eb', muted: '#a8b0bb', border: '#3d444d' },
} as const;

/** The card's picture: an SVG of its lines (light unless theme is dark: mail has no auto). */
export function cardSvg(cardMarkup: string, theme: string, maxLines = MAX_LINES): string {
  const lines = cardLines(cardMarkup, maxLines);
  const colors = theme === 'dark' ? PALETTES.dark : PALETTES.light;
  const drawn: Array<{ text: string; heading: boolean }> = [];
  for (const [index, line] of lines.entries()) {
    const heading = index === 0;
    const size = heading ? HEADING_SIZE : TEXT_SIZE;
    for (const text of wrapLine(line, WIDTH - PADDING * 2, size, { bold: heading })) {
      if (drawn.length < maxLines) drawn.push({ text, heading });
    }
  }
  const height = PADDING * 2 + Math.max(1, drawn.length) * LINE_HEIGHT + 8;
  const summary = escapeHtml(lines.join('. '));
  const texts = drawn
    .map(({ text, heading }, index) => {
      const y = PADDING + (index + 1) * LINE_HEIGHT;
      return `<text x="${PADDING}" y="${y}" font-size="${heading ? HEADING_SIZE : TEXT_SIZE}"${heading ? ' font-weight="700"' : ''} fill="${colors.fg}">${escapeHtml(text)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="title desc"><title id="title">${escapeHtml(lines[0] ?? 'AI visibility')}</title><desc id="desc">${summary}</desc><rect x="0.5" y="0.5" width="${WIDTH - 1}" height="${height - 1}" rx="8" fill="${colors.bg}" stroke="${colors.border}"/><g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif">${texts}</g></svg>`;
}
