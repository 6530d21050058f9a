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
const MAX_LINE_CHARS = 72;
const WIDTH = 560;
const LINE_HEIGHT = 22;
const PADDING = 20;

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
export function cardLines(cardMarkup: string): string[] {
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
    lines.push(line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS - 1)}…` : line);
    if (lines.length >= MAX_LINES) break;
  }
  return lines;
}

const PALETTES = {
  light: { bg: '#ffffff', fg: '#1f2328', muted: '#57606a', border: '#d0d7de' },
  dark: { bg: '#16181d', fg: '#e6e8eb', muted: '#a8b0bb', border: '#3d444d' },
} as const;

/** The card's picture: an SVG of its lines (light unless theme is dark: mail has no auto). */
export function cardSvg(cardMarkup: string, theme: string): string {
  const lines = cardLines(cardMarkup);
  const colors = theme === 'dark' ? PALETTES.dark : PALETTES.light;
  const height = PADDING * 2 + Math.max(1, lines.length) * LINE_HEIGHT + 8;
  const summary = escapeHtml(lines.join('. '));
  const texts = lines
    .map((line, index) => {
      const y = PADDING + (index + 1) * LINE_HEIGHT;
      const first = index === 0;
      return `<text x="${PADDING}" y="${y}" font-size="${first ? 17 : 14}"${first ? ' font-weight="700"' : ''} fill="${first ? colors.fg : index % 2 ? colors.fg : colors.fg}">${escapeHtml(line)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="title desc"><title id="title">${escapeHtml(lines[0] ?? 'AI visibility')}</title><desc id="desc">${summary}</desc><rect x="0.5" y="0.5" width="${WIDTH - 1}" height="${height - 1}" rx="8" fill="${colors.bg}" stroke="${colors.border}"/><g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif">${texts}</g></svg>`;
}
