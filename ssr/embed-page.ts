/**
 * A whole page around server-rendered cards, for an iframe where no script
 * may run (SharePoint's Embed web part, Confluence's iframe macro, Notion,
 * Google Sites): every figure is in the HTML, styles come from stylesheets
 * (the page's CSP allows no inline style), and the cards fit the frame by
 * their container queries (docs/widgets.md, "Embeds without script").
 */
import { escapeHtml } from '../shared/escape-html.js';

export const EMBED_STYLESHEET = `:root{color-scheme:light dark}
html,body{margin:0;padding:0;background:transparent}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5}
:root[data-theme="light"]{color-scheme:light}
:root[data-theme="dark"]{color-scheme:dark}
`;

export interface EmbedPage {
  /** The page's title: what the card shows, in words. */
  title: string;
  /** The cards (cardHtml or dashboardHtml). */
  body: string;
  /** light, dark or auto (the reader's setting). */
  theme: string;
  lang: string;
  /** The address of a stylesheet holding EMBED_STYLESHEET (the cards' own: ssr/stylesheet.ts) as the frame reaches it. */
  stylesheet: string;
}

export function embedPage(page: EmbedPage): string {
  const theme = page.theme === 'light' || page.theme === 'dark' ? page.theme : 'auto';
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}" data-theme="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)}</title>
<link rel="stylesheet" href="${escapeHtml(page.stylesheet)}">
</head>
<body>
${page.body}
</body>
</html>
`;
}
