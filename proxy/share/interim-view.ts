/**
 * INTERIM, to be unified with the server-rendered cards (ssr/, `/embed/…`):
 * the client page's view as the project's portfolio row (shared/portfolio.ts)
 * read from its summary, for views the cards cannot render yet. Plain HTML,
 * every text escaped.
 */

import { escapeHtml } from '../../shared/escape-html.js';
import { signedPoints } from '../../shared/noise.js';
import { portfolioRow } from '../../shared/portfolio.js';

const STYLE = `<style>
.row { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 12px; }
.figure { background: #fff; border-radius: 8px; padding: 14px 16px; }
.figure .label { color: #4a5360; font-size: 13px; }
.figure .value { font-size: 26px; font-weight: 600; }
.note { color: #4a5360; font-size: 13px; }
h1 { font-size: 22px; margin: 0 0 12px; }
</style>`;

export function interimView(summary: Record<string, unknown>, project: number) {
  const row = portfolioRow({ id: project }, summary);
  const figure = (label: string, value: string, note = '') =>
    `<div class="figure"><div class="label">${escapeHtml(label)}</div><div class="value">${escapeHtml(value)}</div>${note ? `<div class="note">${escapeHtml(note)}</div>` : ''}</div>`;
  const change = row.scoreChange
    ? `${signedPoints(row.scoreChange.change)} points ${row.scoreChange.beyondNoise ? '(beyond sampling noise)' : '(within sampling noise)'}`
    : '';
  const html = `<h1>${escapeHtml(row.brand)}</h1>
<div class="row">
${figure('AI visibility score', row.score === null ? '–' : `${row.score}`, change)}
${figure('Share of voice', row.shareOfVoice === null ? '–' : `${row.shareOfVoice} %`)}
${figure('Rank among competitors', row.rank === null ? '–' : `#${row.rank}`)}
${figure('Flagged answers', row.flaggedAnswers === null ? '–' : `${row.flaggedAnswers}`)}
</div>
${row.topAction ? `<p><strong>Top action:</strong> ${escapeHtml(row.topAction)}</p>` : ''}`;
  return { title: `${row.brand}: AI visibility`, head: STYLE, html };
}
