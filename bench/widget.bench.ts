/**
 * Widget figures, one line each: bundle size (minified and gzip, whole and
 * per widget, against the gzip budget of widget/bundle-budget.ts), requests per page for a
 * three-widget dashboard, and time to render compared with a plain page
 * fetching the same JSON (median of several runs, as a ratio in one run).
 * Figures are printed, never asserted.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { fetchJson, startHarness } from '../support/browser/harness.js';
import { BUNDLE_FILE, buildWidgets, STANDALONE_ENTRIES } from '../widget/build.js';
import { BUNDLE_BUDGET_GZIP_BYTES, BUNDLE_BUDGET_GZIP_LEVEL } from '../widget/bundle-budget.js';

const RUNS = 7;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function sizeOf(path: string) {
  const code = readFileSync(path);
  return { min: code.length, gzip: gzipSync(code, { level: BUNDLE_BUDGET_GZIP_LEVEL }).length };
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

  const harness = await startHarness(outDir);
  try {
    const token = 'aivis_test_entry';
    const settings = JSON.stringify({ baseUrl: harness.sandbox.baseUrl, token });
    const paths = [
      '/projects/1001?include=ai_visibility%2Cconnections',
      '/projects/1001/competitors?dataset=ranking',
      '/projects/1001/action-plan',
    ];
    const widgetsPage = harness.page(
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
    const baselinePage = harness.page(
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
    // Warm the sandbox's answers so both pages see the same server.
    for (const path of paths) await fetchJson(harness.sandbox.baseUrl, path);

    const measure = async (url: string) => {
      const context = await harness.browser.newContext();
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(
        () => (window as { renderedAt?: number }).renderedAt !== undefined,
      );
      const at = await page.evaluate(
        () => (window as unknown as { renderedAt: number }).renderedAt,
      );
      await context.close();
      return at;
    };

    const before = harness.sandbox.requestLog.filter((entry) => entry.method === 'GET').length;
    await measure(widgetsPage);
    const requests =
      harness.sandbox.requestLog.filter((entry) => entry.method === 'GET').length - before;
    console.log(
      `requests per page, three-widget dashboard: ${requests} API requests (plus 0 for duplicates: shared client)`,
    );

    const widgetTimes: number[] = [];
    const baselineTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      widgetTimes.push(await measure(widgetsPage));
      baselineTimes.push(await measure(baselinePage));
    }
    const widgets = median(widgetTimes);
    const baseline = median(baselineTimes);
    console.log(
      `time to render, three widgets: ${widgets.toFixed(0)} ms median of ${RUNS} (navigation start to all rendered)`,
    );
    console.log(`time to render, plain-text baseline: ${baseline.toFixed(0)} ms median of ${RUNS}`);
    console.log(`time to render ratio widgets/baseline: ${(widgets / baseline).toFixed(2)}x`);
  } finally {
    await harness.close();
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
