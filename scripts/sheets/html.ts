/**
 * The sidebar and dialog pages: each page's markup is an HTML file beside
 * the script that runs it (`apps-script/ui/<name>-page.html` next to
 * `<name>-page.ts`), and the build writes static HTML with the page's bundled
 * script inlined (HtmlService serves one file per page). All dynamic text is
 * set with textContent by the scripts, so nothing from the API is parsed as
 * HTML; the markup's only blanks are the named slots below, filled from the
 * add-on's own constants and the alert-rule table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALERT_RULES, type AlertRule } from '../../apps-script/src/alert-rules.js';
import { MENU_TITLE, SETTINGS_PATH } from '../../apps-script/src/config.js';
import { PAGES } from '../../apps-script/src/entry-points.js';
import { ROOT } from '../apps-script-bundle/project.js';

export interface Page {
  file: string;
  /** The page's script in apps-script/ui/; its markup is the .html file of the same name. */
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

/** The slots a page's markup may use, as `{{name}}`. */
const SLOTS = (title: string): Record<string, string> => ({
  title,
  'menu-title': MENU_TITLE,
  'settings-path': SETTINGS_PATH,
  // The builder, the dashboard dialog and the alerts start the same way (ui/pickers.ts fills both lists).
  'connection-and-project': markup('pickers.html'),
  'rule-inputs': RULE_INPUTS,
});

function markup(file: string): string {
  return readFileSync(join(ROOT, 'apps-script/ui', file), 'utf8').replace(/\n$/, '');
}

/** The page's markup with its slots filled; an unknown slot fails the build, naming it. */
export function pageBody(
  entry: string,
  title: string,
  text = markup(entry.replace(/\.ts$/, '.html')),
): string {
  const file = entry.replace(/\.ts$/, '.html');
  const slots = SLOTS(title);
  return text.replace(/\{\{([a-z-]+)\}\}/g, (_, name: string) => {
    if (!Object.hasOwn(slots, name))
      throw new Error(
        `apps-script/ui/${file}: no slot {{${name}}} (${Object.keys(slots).join(', ')})`,
      );
    return slots[name]!;
  });
}

const page = (key: keyof typeof PAGES, entry: string, title: string = PAGES[key].title): Page => ({
  file: PAGES[key].file,
  entry,
  title,
  body: pageBody(entry, PAGES[key].title),
});

export const PAGE_SOURCES: Page[] = [
  page('settings', 'settings-page.ts', `${MENU_TITLE} settings`),
  page('report', 'report-page.ts'),
  page('schedule', 'schedule-page.ts'),
  page('builder', 'builder-page.ts'),
  page('dashboard', 'dashboard-page.ts'),
  page('alerts', 'alerts-page.ts'),
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
