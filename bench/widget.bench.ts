/**
 * Widget figures, one line each: bundle size (minified and gzip, whole and
 * per widget, against the gzip budget of widget/bundle-budget.ts), requests per page for a
 * three-widget dashboard, and time to render beside a plain page fetching the
 * same JSON, interleaved in one run (stats.ts).
 * Figures are printed, never asserted.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startSandbox } from '../sandbox/server.js';
import { gzipSize } from '../scripts/gzip-size.js';
import { BUNDLE_FILE, buildWidgets, STANDALONE_ENTRIES } from '../widget/build.js';
import { BUNDLE_BUDGET_GZIP_BYTES } from '../widget/bundle-budget.js';
import { launchChromium, startSite, timeToRendered } from './browser.js';
import { figure, ROUNDS } from './stats.js';

/** Browser timings are the noisiest figures: more rounds than the others. */
const WIDGET_ROUNDS = Math.max(ROUNDS, 21);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function sizeOf(path: string) {
  const code = readFileSync(path);
  return { min: code.length, gzip: gzipSize(code) };
}

const outDir = mkdtempSync(`${tmpdir()}/aivis-widget-bench-`);
try {
  await buildWidgets({ outDir, bundlesOnly: true });
  const whole = sizeOf(`${outDir}/${BUNDLE_FILE}`);
  console.log(`widget bundle (all elements): ${kb(whole.min)} minified, ${kb(whole.gzip)} gzip`);
  console.log(
    `widget bundle budget: ${kb(whole.gzip)} of ${kb(BUNDLE_BUDGET_GZIP_BYTES)} gzip -> ${
      whole.gzip <= BUNDLE_BUDGET_GZIP_BYTES
        ? 'within budget'
        : `OVER budget by ${kb(whole.gzip - BUNDLE_BUDGET_GZIP_BYTES)}`
    }`,
  );
  for (const tag of Object.keys(STANDALONE_ENTRIES)) {
    const size = sizeOf(`${outDir}/standalone/${tag}.js`);
    console.log(`standalone ${tag}: ${kb(size.min)} minified, ${kb(size.gzip)} gzip`);
  }

  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  const site = await startSite(outDir);
  const browser = await launchChromium();
  try {
    const settings = JSON.stringify({ baseUrl: sandbox.baseUrl, token: 'aivis_test_entry' });
    const paths = [
      '/projects/1001?include=ai_visibility%2Cconnections',
      '/projects/1001/competitors?dataset=ranking',
      '/projects/1001/action-plan',
    ];
    // As the README shows: the bundle imported, then configure().
    const widgetsPage = site.page(
      'bench-widgets',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<aivis-visibility-score project="1001"></aivis-visibility-score>
<aivis-competitor-ranking project="1001"></aivis-competitor-ranking>
<aivis-action-plan project="1001"></aivis-action-plan>
<script type="module">
let loaded = 0;
document.addEventListener('aivis-load', () => {
  if (++loaded === 3) requestAnimationFrame(() => { window.renderedAt = performance.now(); });
});
const { configure } = await import('/widget/aivis-widgets.js');
configure(${settings});
</script></body></html>`,
    );
    // The README's guidance: the bundle preloaded from <head> and imported statically.
    const preloadedPage = site.page(
      'bench-widgets-preloaded',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<link rel="modulepreload" href="/widget/aivis-widgets.js"></head><body>
<aivis-visibility-score project="1001"></aivis-visibility-score>
<aivis-competitor-ranking project="1001"></aivis-competitor-ranking>
<aivis-action-plan project="1001"></aivis-action-plan>
<script type="module">
import { configure } from '/widget/aivis-widgets.js';
configure(${settings});
let loaded = 0;
document.addEventListener('aivis-load', () => {
  if (++loaded === 3) requestAnimationFrame(() => { window.renderedAt = performance.now(); });
});
</script></body></html>`,
    );
    // The floor: the same three bodies fetched and written as text.
    const baselinePage = site.page(
      'bench-baseline',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script type="module">
const settings = ${settings};
const paths = ${JSON.stringify(paths)};
const bodies = await Promise.all(paths.map((path) =>
  fetch(settings.baseUrl + '/api/v1' + path, { headers: { Authorization: 'Bearer ' + settings.token } }).then((r) => r.json())));
for (const body of bodies) {
  const pre = document.createElement('pre');
  pre.textContent = JSON.stringify(body, null, 2);
  document.body.append(pre);
}
requestAnimationFrame(() => { window.renderedAt = performance.now(); });
</script></body></html>`,
    );
    // Warm the sandbox's data so both pages meet the same server.
    for (const path of paths) {
      const warm = await fetch(`${sandbox.baseUrl}/api/v1${path}`, {
        headers: { authorization: 'Bearer aivis_test_entry' },
      });
      await warm.arrayBuffer();
    }

    const gets = () => sandbox.requestLog.filter((entry) => entry.method === 'GET').length;
    const before = gets();
    await timeToRendered(browser, widgetsPage);
    console.log(
      `widget   requests per page, three-widget dashboard: ${gets() - before} API requests (3 expected)`,
    );
    await timeToRendered(browser, baselinePage); // the browser's own first-use costs, outside the figure

    await figure(
      'widget',
      'three widgets, navigation start to rendered (Chromium)',
      'ms',
      'plain page fetching the same 3 bodies, writing text',
      () => timeToRendered(browser, widgetsPage),
      () => timeToRendered(browser, baselinePage),
      WIDGET_ROUNDS,
    );
    await figure(
      'widget',
      'three widgets, modulepreload + static import (README), navigation start to rendered',
      'ms',
      'plain page fetching the same 3 bodies, writing text',
      () => timeToRendered(browser, preloadedPage),
      () => timeToRendered(browser, baselinePage),
      WIDGET_ROUNDS,
    );
  } finally {
    await browser.close();
    await site.close();
    await sandbox.close();
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
