/**
 * The sidebar and dialog pages: static HTML with the page's bundled script
 * inlined (HtmlService serves one file per page). All dynamic text is set
 * with textContent by the scripts, so nothing from the API is parsed as HTML.
 */
import { MENU_TITLE, SETTINGS_PATH } from '../src/config.js';
import { PAGES } from '../src/entry-points.js';

export interface Page {
  file: string;
  entry: string;
  body: string;
}

const STYLE = `<link rel="stylesheet" href="https://ssl.gstatic.com/docs/script/css/add-ons1.css">
<style>
  body { padding: 12px; font-size: 13px; }
  label { display: block; margin-top: 10px; font-weight: bold; }
  input[type=text], input[type=password], select, textarea { width: 100%; box-sizing: border-box; }
  .error { color: #b31412; white-space: pre-wrap; margin-top: 8px; }
  .note { color: #5f6368; margin-top: 6px; }
  ul { padding-left: 18px; }
  li { margin: 4px 0; word-break: break-word; }
  #history-projects label { font-weight: normal; }
</style>`;

export const PAGE_SOURCES: Page[] = [
  {
    file: PAGES.settings.file,
    entry: 'settings-page.ts',
    body: `<h3>${MENU_TITLE}</h3>
<label for="base-url">Service address (without /api/v1)</label>
<input type="text" id="base-url" autocomplete="off" spellcheck="false">
<label for="token">Personal access token</label>
<input type="password" id="token" autocomplete="new-password" spellcheck="false">
<div class="note" id="token-state"></div>
<div class="note">Stored in your user properties: only you can read it. It is never shown again, written to a cell or logged.</div>
<p><button class="action" id="save">Save</button> <button id="remove-token">Remove token</button></p>
<p><button id="test">Test connection</button></p>
<div class="note" id="connection"></div>
<ul id="projects"></ul>
<div class="error" id="error" hidden></div>
<h4>Refresh</h4>
<div class="note" id="schedule"></div>
<div class="note" id="status"></div>
<p><button id="refresh">Refresh now</button></p>
<h4>Imports</h4>
<ul id="imports"></ul>`,
  },
  {
    file: PAGES.report.file,
    entry: 'report-page.ts',
    body: `<label for="endpoint">Report</label>
<select id="endpoint"></select>
<div class="note" id="summary"></div>
<label for="project">Project</label>
<select id="project"></select>
<label for="options">Options ("key=value; key=value")</label>
<textarea id="options" rows="3" spellcheck="false"></textarea>
<ul class="note" id="option-help"></ul>
<label for="sheet-name">Sheet (created or replaced)</label>
<input type="text" id="sheet-name" placeholder="AIVIS answers 1001">
<p><button class="action" id="insert">Insert</button></p>
<div class="note" id="result"></div>
<div class="error" id="error" hidden></div>
<div class="note">The report is written as values and re-run by Refresh now and the schedule. Set the token in ${SETTINGS_PATH}.</div>`,
  },
  {
    file: PAGES.schedule.file,
    entry: 'schedule-page.ts',
    body: `<label for="frequency">Refresh every</label>
<select id="frequency">
  <option value="off">Off</option>
  <option value="hourly">Hour</option>
  <option value="daily">Day (around 6:00)</option>
  <option value="weekly">Week (Mondays around 6:00)</option>
</select>
<label>History: append key figures of these projects on each run</label>
<div id="history-projects"></div>
<p><button class="action" id="save">Save</button></p>
<div class="note" id="result"></div>
<div class="note" id="status"></div>
<div class="error" id="error" hidden></div>
<div class="note">The schedule runs as you, with your token. Editor add-ons run at most hourly.</div>`,
  },
];

export function pageHtml(page: Page, script: string): string {
  const safeScript = script.replaceAll('</script', '<\\/script');
  return `<!DOCTYPE html>
<html>
<head>
<base target="_top">
<meta charset="utf-8">
${STYLE}
</head>
<body>
${page.body}
<script>
${safeScript}
</script>
</body>
</html>
`;
}
