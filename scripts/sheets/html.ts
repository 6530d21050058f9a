/**
 * The sidebar and dialog pages: static HTML with the page's bundled script
 * inlined (HtmlService serves one file per page). All dynamic text is set
 * with textContent by the scripts, so nothing from the API is parsed as HTML.
 */
import { ALERT_RULES, type AlertRule } from '../../apps-script/src/alert-rules.js';
import { MENU_TITLE, SETTINGS_PATH } from '../../apps-script/src/config.js';
import { PAGES } from '../../apps-script/src/entry-points.js';

export interface Page {
  file: string;
  entry: string;
  /** The document title (the sidebar's own title comes from PAGES). */
  title: string;
  body: string;
}

/**
 * Google's add-on stylesheet first; the page's own rules after it stand alone
 * when that file does not load (an offline browser, a network that blocks
 * gstatic, the docs' pictures): Arial, grey and blue buttons like Google's
 * (the blue darker than add-ons1.css's, for the contrast axe asks of white
 * text) and bordered fields, never the browser's serif defaults.
 */
const STYLE = `<link rel="stylesheet" href="https://ssl.gstatic.com/docs/script/css/add-ons1.css">
<style>
  body { padding: 12px; font: 13px Arial, sans-serif; color: #202124; }
  button { font: bold 11px Arial, sans-serif; height: 29px; padding: 0 8px; margin: 0 4px 0 0; border: 1px solid #dcdcdc; border-radius: 2px; background: #f5f5f5; color: #444; cursor: pointer; }
  button.action { background: #1967d2; border-color: #1558b0; color: #fff; }
  input[type=text], input[type=password], input[type=number], select, textarea { font: 13px Arial, sans-serif; border: 1px solid #dcdcdc; border-radius: 1px; padding: 4px 6px; min-height: 29px; box-sizing: border-box; }
  li label { display: inline; margin-left: 4px; }
  fieldset { border: 1px solid #dadce0; margin: 12px 0 0; padding: 4px 8px 8px; }
  legend { font-weight: bold; }
  h1 { font-size: 16px; margin: 0 0 8px; }
  h2 { font-size: 14px; margin: 16px 0 4px; }
  h3 { font-size: 13px; margin: 12px 0 4px; }
  label { display: block; margin-top: 10px; font-weight: bold; }
  input[type=text], input[type=password], select, textarea { width: 100%; box-sizing: border-box; }
  .error { color: #b31412; white-space: pre-wrap; margin-top: 8px; }
  .note { color: #5f6368; margin-top: 6px; }
  ul { padding-left: 18px; }
  li { margin: 4px 0; word-break: break-word; }
  #history-projects label { font-weight: normal; }
  .field.inline label { display: inline; margin-right: 6px; }
  .actions button { margin: 4px 4px 0 0; }
  /* A formula wraps between its arguments, and inside a word only when a word alone is wider than the sidebar. */
  code, output { display: block; overflow-wrap: anywhere; font-family: monospace; margin-top: 6px; }
  #preview { overflow-x: auto; }
  table { border-collapse: collapse; margin-top: 8px; font-size: 12px; }
  caption { text-align: left; font-weight: bold; }
  th, td { border: 1px solid #dadce0; padding: 2px 4px; text-align: left; vertical-align: top; }
  button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible { outline: 2px solid #1a73e8; outline-offset: 1px; }
</style>`;

/** The builder and the dashboard dialog start the same way (ui/pickers.ts fills both lists). */
const CONNECTION_AND_PROJECT = `<label for="connection">Connection</label>
<select id="connection"></select>
<label for="project">Project</label>
<select id="project" aria-describedby="project-error"></select>
<div class="error" id="project-error"></div>`;

/** One input per alert rule, read from the rule table; ui/alerts-page.ts finds them by data-rule. */
const RULE_INPUTS = (ALERT_RULES as readonly AlertRule[])
  .map((rule) =>
    rule.type === 'points'
      ? `<label for="rule-${rule.key}">${rule.label}</label>
<input type="number" id="rule-${rule.key}" data-rule="${rule.key}" data-default="${rule.default}" min="0" max="100" step="0.5" aria-describedby="noise-note">
<div class="note" id="noise-note">Only changes beyond sampling noise alert (two standard errors, from the answer counts).</div>`
      : `<div class="field inline"><input type="checkbox" id="rule-${rule.key}" data-rule="${rule.key}" data-default="${rule.default}"><label for="rule-${rule.key}">${rule.label}</label></div>`,
  )
  .join('\n');

const ALERTS_BODY = `<h1>${PAGES.alerts.title}</h1>
${CONNECTION_AND_PROJECT}
<fieldset>
<legend>Alert when</legend>
${RULE_INPUTS}
</fieldset>
<fieldset>
<legend>Send to</legend>
<div class="field inline"><input type="checkbox" id="email"><label for="email">Email to me</label></div>
<ul id="saved-webhooks"></ul>
<label for="webhooks">Add webhooks (one address per line)</label>
<textarea id="webhooks" rows="2" spellcheck="false" aria-describedby="allowed-hosts"></textarea>
<div class="note" id="allowed-hosts"></div>
<div class="note">Webhook addresses are kept in your user properties like tokens and never shown again.</div>
</fieldset>
<label for="digest">Digest by email</label>
<select id="digest">
  <option value="off">Off</option>
  <option value="daily">Daily</option>
  <option value="weekly">Weekly</option>
</select>
<p><button class="action" id="save">Save</button></p>
<div class="note" id="result" role="status"></div>
<div class="error" id="error" role="alert" hidden></div>
<h2>Your alert settings</h2>
<ul id="entries"></ul>
<section id="others-section" hidden>
<h2>Other people's alerts here</h2>
<ul id="others"></ul>
<div class="note">Each alert belongs to the person who saved it: only they can change it, and only their own runs check it and send it to them.</div>
</section>
<div class="note">Alerts are checked after each scheduled refresh and by ${MENU_TITLE} > Check alerts now; the run log lists each alert sent or skipped.</div>`;

export const PAGE_SOURCES: Page[] = [
  {
    file: PAGES.settings.file,
    entry: 'settings-page.ts',
    title: `${MENU_TITLE} settings`,
    body: `<h1>${MENU_TITLE}</h1>
<h2>Default connection</h2>
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
<p><button id="check-service">Check the service's answers</button></p>
<div class="note">Reads each endpoint once with small limits and lists every field that differs from what this add-on expects (docs/service-drift.md).</div>
<ul class="note" id="drift-report" aria-live="polite"></ul>
<div class="error" id="error" role="alert" hidden></div>
<h2>Connections</h2>
<div class="note">One token per client account. Functions take connection=NAME in their options; imports and dashboards remember theirs.</div>
<ul id="connections"></ul>
<div id="confirm-box" hidden><button class="action" id="confirm">Confirm</button> <button id="cancel">Cancel</button></div>
<div class="note" id="connection-message" role="status"></div>
<div class="error" id="connection-error" role="alert" hidden></div>
<h3>Add a connection</h3>
<label for="new-name">Name (also the new name for Rename)</label>
<input type="text" id="new-name" autocomplete="off" spellcheck="false">
<label for="new-base-url">Service address</label>
<input type="text" id="new-base-url" autocomplete="off" spellcheck="false">
<div class="note" id="allowed-base-urls"></div>
<label for="new-token">Personal access token</label>
<input type="password" id="new-token" autocomplete="new-password" spellcheck="false">
<p><button id="add-connection">Add connection</button></p>
<h2>Refresh</h2>
<div class="note" id="schedule"></div>
<div class="note" id="status" role="status"></div>
<p><a href="#" id="run-log">Open the run log</a></p>
<p><button id="refresh">Refresh now</button></p>
<h2>Imports</h2>
<ul id="imports"></ul>`,
  },
  {
    file: PAGES.report.file,
    entry: 'report-page.ts',
    title: PAGES.report.title,
    body: `<h1>${PAGES.report.title}</h1>
<label for="endpoint">Report</label>
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
    title: PAGES.schedule.title,
    body: `<h1>${PAGES.schedule.title}</h1>
<label for="frequency">Refresh every</label>
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
  {
    file: PAGES.builder.file,
    entry: 'builder-page.ts',
    title: PAGES.builder.title,
    body: `<h1>${PAGES.builder.title}</h1>
${CONNECTION_AND_PROJECT}
<label for="report">Report</label>
<select id="report"></select>
<div id="fields"></div>
<label for="sheet-name">Sheet for Import as values (created or replaced)</label>
<input type="text" id="sheet-name" autocomplete="off">
<div class="note" id="editing" role="status"></div>
<h2>Formula</h2>
<output id="formula" aria-live="polite"></output>
<div class="actions">
<button class="action" id="preview-button">Preview</button><button id="insert-formula">Insert formula</button><button id="import">Import as values</button>
</div>
<div class="note" id="result" role="status"></div>
<div class="error" id="error" role="alert" hidden></div>
<div id="preview" tabindex="0" role="region" aria-label="Preview"></div>
<h2>Saved imports and dashboards</h2>
<ul id="saved"></ul>`,
  },
  {
    file: PAGES.dashboard.file,
    entry: 'dashboard-page.ts',
    title: PAGES.dashboard.title,
    body: `<h1>${PAGES.dashboard.title}</h1>
${CONNECTION_AND_PROJECT}
<p><button class="action" id="insert">Insert dashboard</button></p>
<div class="note" id="result" role="status"></div>
<div class="error" id="error" role="alert" hidden></div>
<div class="note">A new sheet with scorecards, charts and top actions, written as values. Refresh now and the schedule redraw it.</div>`,
  },
  {
    file: PAGES.alerts.file,
    entry: 'alerts-page.ts',
    title: PAGES.alerts.title,
    body: ALERTS_BODY,
  },
];

export function pageHtml(page: Page, script: string): string {
  const safeScript = script.replaceAll('</script', '<\\/script');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<base target="_top">
<meta charset="utf-8">
<title>${page.title}</title>
${STYLE}
</head>
<body>
<main>
${page.body}
</main>
<script>
${safeScript}
</script>
</body>
</html>
`;
}
