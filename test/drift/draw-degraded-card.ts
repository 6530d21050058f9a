/**
 * docs/images/degraded-card.png: the visibility score card against a service
 * whose answer lacks a concept (docs/service-drift.md): support/reshape's
 * `period-shape` variant (the period as { name, from, to }) with the
 * previous-period change left out, applied to what Chromium receives from
 * the `npm start` demo. The card shows every figure it still finds, "—" or
 * nothing for the rest, and its opened Details say what is missing.
 * Run: npx tsx test/drift/draw-degraded-card.ts (after npm run build:widget).
 */
import { resolve } from 'node:path';
import { startDemo } from '../../start/demo.js';
import { launchChromium } from '../../support/browser/harness.js';
import { reshapeBody } from '../../support/reshape/reshape.js';

const OUT = resolve(import.meta.dirname, '../../docs/images/degraded-card.png');
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Degraded card</title>
<style>body { font-family: system-ui, sans-serif; margin: 16px; width: 440px; }</style></head>
<body><aivis-visibility-score id="card" project="3001" base-url="/accounts/showcase"></aivis-visibility-score>
<script type="module" src="/widget/aivis-widgets.js"></script></body></html>`;

const demo = await startDemo({
  port: 0,
  sandboxPort: 0,
  quiet: true,
  buildWidgets: false,
  rateLimit: false,
});
const browser = await launchChromium();
try {
  const page = await browser.newPage({
    viewport: { width: 480, height: 800 },
    reducedMotion: 'reduce',
  });
  await page.route('**/degraded-card.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: PAGE }),
  );
  await page.route('**/api/v1/**', async (route) => {
    const response = await route.fetch();
    if (response.status() !== 200) return route.fulfill({ response });
    const url = new URL(route.request().url());
    const body = reshapeBody(
      'period-shape',
      `${url.pathname}${url.search}`,
      await response.json(),
    ) as {
      ai_visibility?: Record<string, unknown>;
    };
    delete body.ai_visibility?.performance_comparison;
    return route.fulfill({ response, json: body });
  });
  await page.goto(`${demo.url}/degraded-card.html`);
  const details = page.locator('#card [part~="drift"] summary');
  await details.waitFor({ timeout: 20_000 });
  await details.click();
  await page.locator('#card').screenshot({ path: OUT, animations: 'disabled' });
  console.log(`draw-degraded-card: wrote ${OUT}`);
} finally {
  await browser.close();
  await demo.close();
}
