/**
 * The portfolio without script (docs/agencies.md#the-portfolio):
 * `/embed/aivis-portfolio` (a page to frame) and `/cards/aivis-portfolio`
 * (a fragment to include) list every project the proxy serves, one row each
 * by shared/portfolio.ts, the rule `<aivis-portfolio>` uses. Their data is
 * read through the proxy like any viewer's: the merged list, then each
 * project's summary (one request per project per CACHE_TTL); the
 * parameters are the element's attributes (`sort`, `account`, `period`,
 * `row-href`). Every text is escaped.
 */

import type { RequestHead } from '../../server/request-head.js';
import { formatters } from '../../shared/display-format.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { signedPoints } from '../../shared/noise.js';
import { type PortfolioRow, portfolioRow, sortRows } from '../../shared/portfolio.js';
import { cardSvg } from '../../ssr/card-picture.js';
import {
  type LoadPngRenderer,
  PNG_UNAVAILABLE,
  pngOfSvg,
  pngRenderer,
} from '../cards/png-picture.js';
import type { ProxyConfig } from '../config.js';
import { jsonError } from '../responses.js';

/** How the pages read the API: through the whole proxy, like any viewer. */
type Read = (request: RequestHead, context?: unknown) => Promise<Response>;

export type PortfolioForm = 'embed' | 'fragment' | 'css' | 'svg' | 'png';

export const PORTFOLIO_TAG = 'aivis-portfolio';
/** Projects one portfolio lists at most: each costs a summary. */
const MAX_PROJECTS = 200;
const PARALLEL = 6;

export const PORTFOLIO_STYLESHEET = `aivis-portfolio{display:block;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328}
aivis-portfolio .scroll{overflow-x:auto}
aivis-portfolio table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
aivis-portfolio th,aivis-portfolio td{text-align:start;padding:.4em .6em;border-bottom:1px solid #d0d7de;vertical-align:top}
aivis-portfolio .number{text-align:end}
aivis-portfolio .up{color:#1a7f37}aivis-portfolio .down{color:#b42318}aivis-portfolio .noise{color:#57606a}
aivis-portfolio .notice{background:#fff8c5;color:#6a4a00;padding:.4em .6em}
aivis-portfolio a{color:#0a5ab0}
`;

/** The portfolio form a path (under BASE_PATH) names, or undefined: part of the route decision (proxy/route.ts). */
export function portfolioForm(path: string): PortfolioForm | undefined {
  if (path === `/embed/${PORTFOLIO_TAG}`) return 'embed';
  if (path === `/cards/${PORTFOLIO_TAG}`) return 'fragment';
  if (path === `/cards/${PORTFOLIO_TAG}.css`) return 'css';
  if (path === `/cards/${PORTFOLIO_TAG}.svg`) return 'svg';
  if (path === `/cards/${PORTFOLIO_TAG}.png`) return 'png';
  return undefined;
}

/** Answers a GET or HEAD the route decision gave to the portfolio (proxy/handler.ts). */
export type PortfolioPages = (
  request: RequestHead,
  form: PortfolioForm,
  /** The request's origin and query, from the route decision. */
  target: { origin: string; search: string },
  context: unknown,
) => Promise<Response>;

export function portfolioPages(
  inner: Read,
  config: ProxyConfig,
  loadPng?: LoadPngRenderer,
): PortfolioPages {
  const base = config.basePath;
  const png = pngRenderer(loadPng);
  const ancestors = config.frameAncestors.length ? config.frameAncestors.join(' ') : "'none'";
  const pageCsp = `default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`;
  const read = async (request: RequestHead, origin: string, path: string, context: unknown) => {
    const headers = new Headers();
    for (const name of ['Host', 'Origin']) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return inner(new Request(`${origin}${base}${path}`, { headers }), context);
  };

  async function rows(
    request: RequestHead,
    origin: string,
    query: URLSearchParams,
    context: unknown,
  ) {
    const list = await read(request, origin, '/api/v1/projects', context);
    if (list.status !== 200) return { status: list.status, rows: [], failed: [] as string[] };
    const body = (await list.json()) as { projects?: unknown; failed_accounts?: unknown };
    const items = (Array.isArray(body.projects) ? body.projects : [])
      .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
      .slice(0, MAX_PROJECTS);
    const failed = (Array.isArray(body.failed_accounts) ? body.failed_accounts : [])
      .slice(0, 20)
      .map((failure) => String((failure as { account?: unknown })?.account ?? '?').slice(0, 40));
    const period = query.get('period');
    const made: PortfolioRow[] = new Array(items.length);
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const index = next++;
        const item = items[index]!;
        const id = Number(item.id);
        const path = `/api/v1/projects/${id}${period ? `?period=${encodeURIComponent(period)}` : ''}`;
        const answer = Number.isSafeInteger(id)
          ? await read(request, origin, path, context)
          : undefined;
        const summary =
          answer?.status === 200 ? ((await answer.json()) as Record<string, unknown>) : undefined;
        if (answer && answer.status !== 200) await answer.body?.cancel();
        made[index] = portfolioRow(item, summary);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
    return { status: 200, rows: made, failed };
  }

  return async (request, form, { origin, search }, context) => {
    if (form === 'css') {
      return new Response(PORTFOLIO_STYLESHEET, {
        headers: {
          'Content-Type': 'text/css; charset=utf-8',
          'Cache-Control': 'public, max-age=3600',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    }
    const query = new URLSearchParams(search);
    const read = await rows(request, origin, query, context);
    if (read.status !== 200) {
      return new Response('The projects could not be read.', {
        status: read.status >= 500 ? 502 : read.status,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    const account = query.get('account');
    const shown = sortRows(
      read.rows.filter((row) => !account || row.account === account),
      query.get('sort') ?? undefined,
    );
    const table = portfolioHtml(shown, read.failed, base, query.get('row-href'));
    if (form === 'svg' || form === 'png') {
      // The picture of the same table, as every card's picture is drawn (ssr/card-picture.ts).
      const svg = cardSvg(`<h2>Portfolio</h2>${table}`, query.get('theme') ?? 'light');
      const body = form === 'svg' ? svg : await pngOfSvg(png, svg);
      if (!body) return jsonError(404, 'not_found', PNG_UNAVAILABLE);
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': form === 'svg' ? 'image/svg+xml; charset=utf-8' : 'image/png',
          'Cache-Control': 'private, no-cache',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
        },
      });
    }
    const stylesheet = `<link rel="stylesheet" href="${escapeHtml(`${base}/cards/${PORTFOLIO_TAG}.css`)}">`;
    const html =
      form === 'fragment'
        ? `${stylesheet}${table}`
        : `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Portfolio</title>
${stylesheet}
</head>
<body>
${table}
</body>
</html>
`;
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy':
        form === 'embed' ? pageCsp : "default-src 'none'; style-src 'self'; frame-ancestors 'none'",
    };
    if (form !== 'embed' || config.frameAncestors.length === 0) headers['X-Frame-Options'] = 'DENY';
    return new Response(html, { status: 200, headers });
  };
}

function portfolioHtml(
  rows: readonly PortfolioRow[],
  failed: readonly string[],
  base: string,
  rowHref: string | null,
): string {
  const accounts = rows.some((row) => row.account !== null);
  const href = (project: number) => {
    const custom = rowHref?.replaceAll('{project}', String(project));
    return custom && /^https?:\/\/[^\s"'<>]+$/.test(custom)
      ? custom
      : `${base}/embed/aivis-dashboard?project=${project}`;
  };
  // The cards' formats (shared/display-format.ts): the page reads like the dashboard it links to.
  const formats = formatters('en');
  const cell = (value: string, numeric = false) =>
    `<td${numeric ? ' class="number"' : ''}>${escapeHtml(value)}</td>`;
  const change = (row: PortfolioRow) => {
    const figure = row.scoreChange;
    if (!figure) return cell('–', true);
    const kind = !figure.beyondNoise ? 'noise' : figure.change > 0 ? 'up' : 'down';
    return `<td class="number"><span class="${kind}">${escapeHtml(signedPoints(figure.change))}${figure.beyondNoise ? '' : ' ~'}</span></td>`;
  };
  const body = rows
    .map(
      (row) =>
        `<tr><td><a href="${escapeHtml(href(row.project))}">${escapeHtml(row.brand)}</a></td>${accounts ? cell(row.account ?? '') : ''}${cell(row.score === null ? '–' : formats.score(row.score), true)}${change(row)}${cell(row.shareOfVoice === null ? '–' : formats.percent(row.shareOfVoice), true)}${cell(row.rank === null ? '–' : `#${row.rank}`, true)}${cell(row.flaggedAnswers === null ? '–' : formats.integer(row.flaggedAnswers), true)}${cell(row.topAction ?? '')}${cell(row.checkedAt ? formats.date(row.checkedAt) : '–')}</tr>`,
    )
    .join('\n');
  const notice = failed.length
    ? `<p class="notice">Accounts not read: ${escapeHtml(failed.join(', '))}.</p>`
    : '';
  return `<aivis-portfolio>${notice}<div class="scroll"><table>
<thead><tr><th>Brand</th>${accounts ? '<th>Account</th>' : ''}<th class="number">Score</th><th class="number">Change</th><th class="number">Share of voice</th><th class="number">Rank</th><th class="number">Flagged</th><th>Top action</th><th>Checked</th></tr></thead>
<tbody>
${body}
</tbody>
</table></div></aivis-portfolio>`;
}
